import type { ReactNode } from 'react'
import { Anchor, Box, Container, List, Stack, Text, Title } from '@mantine/core'

export interface LegalSection {
  // Also the fragment a parent can be sent ("/legal/privacy-policy#your-rights").
  id: string
  title: string
  content: ReactNode
}

interface LegalDocumentProps {
  title: string
  effectiveDate: string
  intro: ReactNode
  sections: readonly LegalSection[]
}

export function LegalSubheading({ children }: { children: string }) {
  return (
    <Title order={3} size="h4" mt="xs">
      {children}
    </Title>
  )
}

// Both legal pages share one shape so a parent finds the contents and the date in the same
// place; a plain list of fragment links works before any script has loaded. The default layout
// around them already links home and to both documents.
export function LegalDocument({ title, effectiveDate, intro, sections }: LegalDocumentProps) {
  // The layout's container already pads the sides; this one only narrows the text to a
  // readable width, so a 360 px screen does not lose its width twice.
  return (
    <Container size="sm" px={0} py="md">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="sm">
            Effective from {effectiveDate}
          </Text>
        </Stack>
        {intro}
        <Box component="nav" aria-labelledby="contents">
          <Title order={2} size="h4" id="contents" mb="xs">
            Contents
          </Title>
          <List type="ordered" spacing={4}>
            {sections.map((section) => (
              <List.Item key={section.id}>
                <Anchor href={`#${section.id}`}>{section.title}</Anchor>
              </List.Item>
            ))}
          </List>
        </Box>
        {sections.map((section) => (
          <Box component="section" key={section.id} aria-labelledby={section.id}>
            <Title order={2} size="h3" id={section.id} mb="sm">
              {section.title}
            </Title>
            <Stack gap="sm">{section.content}</Stack>
          </Box>
        ))}
      </Stack>
    </Container>
  )
}

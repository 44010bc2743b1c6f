import type { ReactNode } from 'react'
import { Anchor, Box, List, Paper, SimpleGrid, Text, Title } from '@mantine/core'
import { EmailLink, PhoneLink, WhatsAppLink } from './contact-links'

const offers = [
  {
    title: 'Learning by doing',
    text: 'Children learn through experience and their own questions, in small groups of mixed ages where younger and older children learn from each other.',
  },
  {
    title: 'Facilitators, not teachers',
    text: 'Our facilitators guide and support each child’s own learning rather than lecturing from the front of a class.',
  },
  {
    title: 'A weekly rhythm',
    text: 'Every group follows a weekly timetable of lessons, projects and field trips.',
  },
  {
    title: 'Families as partners',
    text: 'Parents meet the facilitators at parents’ meetings and receive written feedback on their child every term.',
  },
] as const

function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id}>
      <Title order={2} id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Box>
  )
}

export function WhatWeOffer() {
  return (
    <HomeSection id="what-we-offer" title="What we offer">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {offers.map((offer) => (
          <Paper key={offer.title} withBorder p="md" radius="md">
            <Title order={3} size="h4" mb={4}>
              {offer.title}
            </Title>
            <Text>{offer.text}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </HomeSection>
  )
}

export function AboutTheApp() {
  return (
    <HomeSection id="about-the-app" title="One app for families and facilitators">
      <List spacing="xs">
        <List.Item>
          Parents see their fees, payments and receipts, and each term’s feedback.
        </List.Item>
        <List.Item>
          Facilitators plan lessons in the classroom, even without a connection; their changes are
          sent once they are back online.
        </List.Item>
        <List.Item>
          It works on a slow phone connection and can be added to your phone’s home screen.
        </List.Item>
      </List>
    </HomeSection>
  )
}

export function HowToApply() {
  return (
    <HomeSection id="how-to-apply" title="How to apply">
      <Text>
        <Anchor href="/apply-students">Apply for your child</Anchor> online, or write to{' '}
        <EmailLink /> or call or <WhatsAppLink /> us on <PhoneLink />, and we will invite you for a
        visit.
      </Text>
      <Text>
        Facilitators who would like to work with us can{' '}
        <Anchor href="/apply-facilitators">apply to facilitate</Anchor> online.
      </Text>
    </HomeSection>
  )
}

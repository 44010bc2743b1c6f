import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core'
import { centre } from '@/lib/centre'
import { EmailLink } from './contact-links'
import { AboutTheApp, HowToApply, WhatWeOffer } from './home-sections'

// The first page a parent opens, often on a 2g connection: text and Mantine primitives only,
// no images or heavy components. The layout's container already pads the sides.
export function HomePage() {
  return (
    <Container size="md" px={0} py="md">
      <Stack gap="xl">
        <Box component="header">
          <Stack gap="sm">
            <Title order={1}>{centre.name}</Title>
            <Text size="lg" c="dimmed">
              {centre.tagline}
            </Text>
            <Group>
              <Button component="a" href="/signin" size="lg">
                Sign in
              </Button>
            </Group>
            <Text size="sm">
              Already enrolled with us?{' '}
              <Anchor href="/connect-account">Connect your family account</Anchor> with the WhatsApp
              number you gave the centre.
            </Text>
          </Stack>
        </Box>
        <WhatWeOffer />
        <AboutTheApp />
        <HowToApply />
        <Box component="footer">
          <Stack gap="xs">
            <Text component="address" fs="normal" size="sm">
              {centre.name}, {centre.address} · <EmailLink />
            </Text>
            <Group gap="md">
              <Anchor href="/legal/privacy-policy" size="sm">
                Privacy policy
              </Anchor>
              <Anchor href="/legal/terms-of-service" size="sm">
                Terms of service
              </Anchor>
            </Group>
          </Stack>
        </Box>
      </Stack>
    </Container>
  )
}

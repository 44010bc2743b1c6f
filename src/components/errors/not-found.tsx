import { useEffect } from 'react'
import { Button, Code, Container, Stack, Text, Title } from '@mantine/core'

export const NOT_FOUND_SENTENCE = "We couldn't find the page you were looking for."

/** The 404 screen (core.md §2, §8): unknown paths and failed route validation. */
export function NotFound({ path, home = '/' }: { path: string; home?: string }) {
  useEffect(() => {
    const previous = document.title
    document.title = `Page Not Found: ${path}`
    return () => {
      document.title = previous
    }
  }, [path])
  return (
    <Container size="sm" py="xl">
      <Stack gap="md" align="flex-start">
        <Title order={1}>Page Not Found</Title>
        <Code data-testid="not-found-path">{path}</Code>
        <Title order={2} size="h3">
          Looks like you're lost
        </Title>
        <Text>{NOT_FOUND_SENTENCE}</Text>
        {/* A plain link so the button works even when the router itself failed. A signed-in
            person's home is their dashboard, not the public page that offers "Sign in". */}
        <Button component="a" href={home}>
          Get back to Homepage
        </Button>
      </Stack>
    </Container>
  )
}

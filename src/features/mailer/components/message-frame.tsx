/**
 * An e-mail's HTML as its reader sees it, in a sandboxed frame: no scripts, and no link that
 * navigates the app. White behind it, as in a mail reader, whatever the app's scheme.
 */
export function MessageFrame({
  title,
  html,
  height = 360,
}: {
  title: string
  html: string
  height?: number
}) {
  return (
    <iframe
      title={title}
      sandbox=""
      srcDoc={html}
      style={{
        width: '100%',
        height,
        border: '1px solid var(--mantine-color-default-border)',
        background: 'white',
      }}
    />
  )
}

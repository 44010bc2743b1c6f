import { useMemo } from 'react'
import { Button, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core'
import qrcode from 'qrcode-generator'
import { rupees } from '@sync/rules/text'
import { upiLink } from '@sync/rules/fees/upi'

/** The dark modules of a QR code as one SVG path, with a quiet zone of four modules. */
function qrPath(text: string): { size: number; path: string } {
  const qr = qrcode(0, 'M')
  qr.addData(text, 'Byte')
  qr.make()
  const count = qr.getModuleCount()
  let path = ''
  for (let row = 0; row < count; row += 1)
    for (let col = 0; col < count; col += 1)
      if (qr.isDark(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`
  return { size: count + 8, path }
}

/** The payment link as a QR code, dark on white in either colour scheme, for a phone to scan. */
function UpiQr({ link, label }: { link: string; label: string }) {
  const { size, path } = useMemo(() => qrPath(link), [link])
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid="upi-qr"
      viewBox={`0 0 ${size} ${size}`}
      width={200}
      height={200}
      shapeRendering="crispEdges"
      style={{ maxWidth: '100%', height: 'auto' }}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}

export interface PayByUpiProps {
  vpa: string
  payee: string
  amount: number
  note: string
}

/** Pay the amount due with any UPI app: the link on this phone, or the QR code from another. */
export function PayByUpi({ vpa, payee, amount, note }: PayByUpiProps) {
  const link = upiLink({ vpa, payee, amount, note })
  const due = rupees(amount)
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="payments-upi">
      <Title order={2} size="h4" id="payments-upi" mb="xs">
        Pay by UPI
      </Title>
      <Group align="flex-start" justify="center" gap="lg">
        <Stack gap="sm" style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Button
            component="a"
            href={link}
            size="md"
            fullWidth
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            data-testid="upi-link"
          >
            Pay {due} with a UPI app
          </Button>
          <Text size="sm">
            The link opens your UPI app with the amount and a note for the centre. On a computer,
            scan the code with your phone instead.
          </Text>
          <div>
            <Text size="sm" fw={600}>
              Or pay to this UPI ID
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text
                ff="monospace"
                size="md"
                data-testid="upi-vpa"
                style={{ overflowWrap: 'anywhere' }}
              >
                {vpa}
              </Text>
              <CopyButton value={vpa}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={copy}
                    color={copied ? 'teal' : undefined}
                    aria-label={copied ? 'UPI ID copied' : `Copy the UPI ID ${vpa}`}
                  >
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="sm" c="dimmed">
              Note: {note}
            </Text>
          </div>
        </Stack>
        <UpiQr link={link} label={`QR code to pay ${due} to ${payee} by UPI`} />
      </Group>
    </Paper>
  )
}

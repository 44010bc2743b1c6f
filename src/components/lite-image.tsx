import { useState } from 'react'
import { Image, UnstyledButton, type ImageProps } from '@mantine/core'
import { useNetwork } from '@mantine/hooks'
import { isSlowConnection } from '@/lib/app-status/network'

/**
 * An image that, on a 2g connection (the "lite" mode), is fetched only when the person taps its
 * place: a screen of pictures would otherwise take minutes before anything else arrives.
 */
export function LiteImage({
  src,
  alt,
  label,
  ...props
}: ImageProps & {
  src: string
  alt: string
  /** What the tap-to-load button names when the picture itself is decorative (alt ""). */
  label?: string
  loading?: 'lazy' | 'eager'
}) {
  const slow = isSlowConnection(useNetwork())
  const [wanted, setWanted] = useState(false)
  if (!slow || wanted) return <Image src={src} alt={alt} {...props} />
  return (
    <UnstyledButton
      onClick={() => setWanted(true)}
      h={props.h}
      w="100%"
      data-testid="tap-to-load"
      style={{
        border: '1px dashed var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
        textAlign: 'center',
        fontSize: 'var(--mantine-font-size-xs)',
        color: 'var(--mantine-color-dimmed)',
      }}
    >
      {label || alt ? `Tap to load the picture “${label || alt}”` : 'Tap to load the picture'}
    </UnstyledButton>
  )
}

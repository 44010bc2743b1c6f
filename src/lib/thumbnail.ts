import { coverCrop } from './storage-names'

export const THUMBNAIL_SIZE = 200

/**
 * A 200×200 WebP thumbnail of an image, made on the device (I37): the middle square of the
 * image, scaled. Null when the browser cannot read the image or write WebP.
 */
export async function webpThumbnail(image: Blob): Promise<Blob | null> {
  try {
    const bitmap = await createImageBitmap(image)
    const { x, y, side } = coverCrop(bitmap.width, bitmap.height)
    const canvas = document.createElement('canvas')
    canvas.width = THUMBNAIL_SIZE
    canvas.height = THUMBNAIL_SIZE
    canvas
      .getContext('2d')
      ?.drawImage(bitmap, x, y, side, side, 0, 0, THUMBNAIL_SIZE, THUMBNAIL_SIZE)
    bitmap.close()
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/webp', 0.8),
    )
    return blob && blob.type === 'image/webp' ? blob : null
  } catch {
    return null
  }
}

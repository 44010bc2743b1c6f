// A feedback entry's colour (M04) and the words that say the same, so that nobody needs to tell
// the colours apart to read it (the parents' pane, the chart, the PDF all print the words).
import type { FeedbackColour } from '../../contract/collections/feedback.ts'

export const FEEDBACK_COLOUR_WORDS: Record<FeedbackColour, string> = {
  green: 'Going well',
  yellow: 'Steady',
  orange: 'Needs support',
  red: 'Needs attention',
}

/** Mantine palette names for each colour (dark shades keep text on them readable). */
export const FEEDBACK_COLOUR_SWATCH: Record<FeedbackColour, string> = {
  green: 'green.8',
  yellow: 'yellow.5',
  orange: 'orange.7',
  red: 'red.8',
}

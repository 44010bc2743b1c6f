// The centre's questionnaires (core.md §9, G15, decision G16), kept in one place so the centre can
// reword them. Each answer is stored with its question's text ({ q, a }), so a later rewording
// never changes what a family answered. The counts are the spec's: 12 guardian, 11 onboarding,
// 9 facilitator, 5 and 7 parent trial, 3 student questions.

export interface Question {
  /** Stable key of the question, kept with the answer. */
  id: string
  text: string
  /** A free answer ('text'), or one of the Yes / No / Not Sure answers ('yes-no'). */
  answer: 'text' | 'yes-no'
}

function q(id: string, text: string, answer: Question['answer'] = 'text'): Question {
  return { id, text, answer }
}

/** Asked of each guardian on the student application (/apply-students). */
export const GUARDIAN_QUESTIONS: readonly Question[] = [
  q('g1', 'How did you hear about the centre?'),
  q('g2', 'Why are you looking for an alternative to mainstream schooling for your child?'),
  q('g3', 'What does a good day of learning look like for your child?'),
  q('g4', 'How does your child spend their free time at home?'),
  q('g5', 'What are your child’s strengths, and where do they find things hard?'),
  q('g6', 'Has your child been assessed for any learning difference or special need?', 'yes-no'),
  q('g7', 'How do you handle screens and devices at home?'),
  q('g8', 'How do you support your child when they are upset or in conflict with others?'),
  q(
    'g9',
    'Could you give time to the centre (a workshop, a field trip, a skill to share)?',
    'yes-no',
  ),
  q('g10', 'How long do you plan to stay in Goa?'),
  q('g11', 'What do you hope your child takes away from the centre in the next year?'),
  q('g12', 'Is there anything else you would like us to know about your family?'),
]

/** The onboarding questionnaire a family fills in after admission (/apply-onboarding, G04). */
export const ONBOARDING_QUESTIONS: readonly Question[] = [
  q('o1', 'Which languages are spoken at home?'),
  q('o2', 'Who will usually drop off and pick up your child, and at what time?'),
  q(
    'o3',
    'May your child be photographed for the centre’s own records and parents’ group?',
    'yes-no',
  ),
  q('o4', 'Does your child have any food allergy or dietary need?', 'yes-no'),
  q('o5', 'Does your child take any regular medication at the centre?', 'yes-no'),
  q('o6', 'May your child go on field trips with the facilitators?', 'yes-no'),
  q('o7', 'Can your child swim?', 'yes-no'),
  q('o8', 'What calms your child when they are tired or upset?'),
  q('o9', 'Which subjects or projects is your child most excited about?'),
  q('o10', 'How would you like to hear from us: WhatsApp, e-mail or a meeting?'),
  q('o11', 'Is there anything the facilitators should know before the first day?'),
]

/** Asked of a facilitator applicant (/apply-facilitators). */
export const FACILITATOR_QUESTIONS: readonly Question[] = [
  q('f1', 'What does self-directed learning mean to you?'),
  q('f2', 'Describe a lesson or project you led that you are proud of.'),
  q('f3', 'How do you work with a group of mixed ages and abilities?'),
  q('f4', 'How do you respond when a child refuses to take part?'),
  q('f5', 'How do you keep parents informed about their child’s learning?'),
  q('f6', 'Which skills or crafts outside your subjects could you share?'),
  q('f7', 'Do you hold a current first-aid certificate?', 'yes-no'),
  q('f8', 'Are you available full-time from June to May?', 'yes-no'),
  q('f9', 'Would you agree to a police verification certificate?', 'yes-no'),
]

/** Asked of the parents after the first days of a trial. */
export const PARENT_TRIAL_QUESTIONS_SHORT: readonly Question[] = [
  q('t1', 'How did your child describe their first days at the centre?'),
  q('t2', 'Did your child want to come back the next day?', 'yes-no'),
  q('t3', 'Was anything difficult for your child, or for you?'),
  q('t4', 'Were drop-off and pick-up clear and easy?', 'yes-no'),
  q('t5', 'What questions do you have for us?'),
]

/** Asked of the parents at the end of a trial, before admission. */
export const PARENT_TRIAL_QUESTIONS_LONG: readonly Question[] = [
  q('u1', 'How has your child settled in with the group and the facilitators?'),
  q('u2', 'What has your child learnt or made during the trial that they talked about at home?'),
  q('u3', 'Have you noticed any change in your child’s mood or sleep?', 'yes-no'),
  q(
    'u4',
    'Does the daily rhythm (9:30am to 3pm, snack at 11am, lunch 12:30 to 1:30) suit your family?',
    'yes-no',
  ),
  q('u5', 'Is there anything you expected from the centre that you have not seen?'),
  q('u6', 'Would you like your child to join the centre?', 'yes-no'),
  q('u7', 'Is there anything we should know before we decide on admission together?'),
]

/** Asked of the child at the end of a trial, in their own words. */
export const STUDENT_QUESTIONS: readonly Question[] = [
  q('s1', 'What did you enjoy most at the centre?'),
  q('s2', 'Was there anything you did not like?'),
  q('s3', 'Would you like to come to the centre every day?', 'yes-no'),
]

export const QUESTIONNAIRES = {
  guardian: GUARDIAN_QUESTIONS,
  onboarding: ONBOARDING_QUESTIONS,
  facilitator: FACILITATOR_QUESTIONS,
  parentTrialShort: PARENT_TRIAL_QUESTIONS_SHORT,
  parentTrialLong: PARENT_TRIAL_QUESTIONS_LONG,
  student: STUDENT_QUESTIONS,
} as const

export type QuestionnaireName = keyof typeof QUESTIONNAIRES

/** An answered question as it is stored: the text as asked and the answer. */
export interface Answer {
  id: string
  q: string
  a: string
}

/** The answers to store for a questionnaire, each with its question's text; unknown ids are refused. */
export function answersFor(
  name: QuestionnaireName,
  given: Readonly<Record<string, string>>,
): Answer[] {
  const questions = QUESTIONNAIRES[name]
  const known = new Set(questions.map((question) => question.id))
  const unknown = Object.keys(given).filter((id) => !known.has(id))
  if (unknown.length > 0) {
    throw new RangeError(`Not a question of the ${name} questionnaire: ${unknown.join(', ')}`)
  }
  return questions.map((question) => ({
    id: question.id,
    q: question.text,
    a: (given[question.id] ?? '').trim(),
  }))
}

import { useMemo } from 'react'
import { Alert, Button, Group, Select, Stack, Textarea } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { MIXED_LESSON_DETAILS_MAX } from '@sync/contract/collections/timetables'
import {
  mixedLessonFormSchema,
  type MixedLessonForm,
  type MixedLessonValues,
  type SubgroupLesson,
} from '@sync/rules/mixed-groups/lessons'
import { useSubmit } from '@/components/form/use-submit'
import type { TimetableLookups } from '../../hooks/use-lookups'
import { subtopicChoices, topicChoices, topicName } from '../../logic/topic-choices'

/** A subgroup's topic, subtopic and details for one lesson, from its facilitator's topic lists. */
export function MixedLessonFormView({
  part,
  lookups,
  onSave,
}: {
  part: SubgroupLesson
  lookups: TimetableLookups
  onSave(values: MixedLessonValues): Promise<void>
}) {
  const validate = useMemo(() => schemaResolver(mixedLessonFormSchema, { sync: true }), [])
  const form = useForm<MixedLessonForm>({
    initialValues: {
      topicId: part.lesson?.topicId ?? null,
      subtopicId: part.lesson?.subtopicId ?? null,
      details: part.lesson?.details ?? '',
    },
    validate,
  })
  const { busy, failure, attempt } = useSubmit()
  const { subjectId, facilitatorId } = part.subgroup
  const { topicId, subtopicId } = form.values
  const submit = form.onSubmit((input) =>
    attempt(() =>
      onSave({
        topicId: input.topicId,
        topic: topicName(lookups.topics, input.topicId),
        subtopicId: input.topicId ? input.subtopicId : null,
        subtopic: input.topicId ? topicName(lookups.topics, input.subtopicId) : null,
        details: input.details,
      }),
    ),
  )
  return (
    <form onSubmit={submit} noValidate aria-label="Subgroup lesson">
      <Stack gap="sm">
        <Select
          label="Topic"
          placeholder="Choose a topic"
          data={topicChoices(lookups.topics, subjectId, facilitatorId, topicId)}
          searchable
          clearable
          {...form.getInputProps('topicId')}
          onChange={(value) => {
            form.setFieldValue('topicId', value)
            form.setFieldValue('subtopicId', null)
          }}
        />
        <Select
          label="Subtopic"
          placeholder="Choose a subtopic"
          data={subtopicChoices(lookups.topics, topicId, facilitatorId, subtopicId)}
          disabled={!topicId}
          clearable
          {...form.getInputProps('subtopicId')}
        />
        <Textarea
          label="Lesson details"
          description="What this subgroup does in the lesson."
          autosize
          minRows={2}
          maxLength={MIXED_LESSON_DETAILS_MAX}
          {...form.getInputProps('details')}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Save the subgroup's lesson
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

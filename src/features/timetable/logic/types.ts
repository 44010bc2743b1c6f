// The timetable's plain shapes live with the data contract (sync/rules/timetable), where the
// conflict handler that merges weeks uses them too.
export * from '@sync/rules/timetable/types'

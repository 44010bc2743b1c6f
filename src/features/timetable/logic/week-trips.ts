// Field trips on the facilitators' weeks (issue 34): a trip is named on each day from its start to
// its end, under each group it is for, as a family's week names it.

/** A field trip as the week shows it. */
export interface WeekTrip {
  title: string
  startDate: string
  endDate: string
  groupIds: readonly string[]
}

/** What a day of the week shows for the trips: "Field trip: …", with the group where asked. */
export function tripsOnDay(
  trips: readonly WeekTrip[],
  date: string,
  groups: readonly { id: string; name: string }[],
  withGroup: boolean,
): string[] {
  return trips
    .filter((t) => t.startDate <= date && date <= t.endDate)
    .flatMap((t) =>
      groups
        .filter((g) => t.groupIds.includes(g.id))
        .map((g) => (withGroup ? `Field trip: ${t.title} (${g.name})` : `Field trip: ${t.title}`)),
    )
    .filter((line, i, all) => all.indexOf(line) === i)
    .sort()
}

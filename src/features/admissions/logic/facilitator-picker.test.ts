import { describe, expect, it } from 'vitest'
import {
  chosenNames,
  facilitatorsToSave,
  pickerOptions,
  savedMessage,
  type FacilitatorOption,
} from './facilitator-picker'

const all: FacilitatorOption[] = [
  { id: 'f-rahul', name: 'Rahul Dessai', email: 'rahul@demo.school' },
  { id: 'f-ines', name: 'Inês Gomes', email: null },
  { id: 'f-anita', name: 'anita Borkar', email: 'anita@demo.school' },
]

describe('pickerOptions', () => {
  it.each([
    ['', [], ['anita Borkar', 'Inês Gomes', 'Rahul Dessai']],
    ['ines', [], ['Inês Gomes']],
    ['RAHUL dess', [], ['Rahul Dessai']],
    ['demo.school', [], ['anita Borkar', 'Rahul Dessai']],
    ['nobody', [], []],
    ['nobody', ['f-ines'], ['Inês Gomes']],
  ] as const)('%j with %j chosen offers %j', (query, chosen, names) => {
    expect(pickerOptions(all, query, chosen).map((f) => f.name)).toEqual(names)
  })
})

describe('chosenNames', () => {
  it('names the chosen facilitators by name and counts those no longer listed', () => {
    expect(chosenNames([], all)).toEqual([])
    expect(chosenNames(['f-rahul', 'f-anita'], all)).toEqual(['anita Borkar', 'Rahul Dessai'])
    expect(chosenNames(['f-rahul', 'f-gone'], all)).toEqual([
      'Rahul Dessai',
      'A facilitator no longer on the list',
    ])
    expect(chosenNames(['f-gone', 'f-gone-2'], all)).toEqual([
      '2 facilitators no longer on the list',
    ])
  })
})

describe('facilitatorsToSave', () => {
  it('keeps each ticked facilitator once, in a stable order', () => {
    expect(facilitatorsToSave(['f-rahul', 'f-ines', 'f-rahul'], all)).toEqual(['f-ines', 'f-rahul'])
  })

  it('drops an id that is not on the list', () => {
    expect(facilitatorsToSave(['f-made-up', 'f-anita'], all)).toEqual(['f-anita'])
  })
})

describe('savedMessage', () => {
  it.each([
    [0, 'No facilitator is chosen for this inquiry now'],
    [1, 'Success! 1 facilitator chosen for this inquiry'],
    [3, 'Success! 3 facilitators chosen for this inquiry'],
  ])('%i', (count, message) => {
    expect(savedMessage(count)).toBe(message)
  })
})

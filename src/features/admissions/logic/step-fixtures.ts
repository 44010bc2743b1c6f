// An inquiry, sender accounts and reference lists for the tests beside the admission steps'
// rules.
import { stepFormDefaults } from './step-defaults'
import type { SendersAnswer } from './step-senders'

export const senders: SendersAnswer = {
  senders: [
    { key: 'team', display_name: 'Team', address: 'team@centre.in', is_admissions_office: false },
    {
      key: 'admissions',
      display_name: 'Admissions Office',
      address: 'admissions@centre.in',
      is_admissions_office: true,
    },
    {
      key: 'meera',
      display_name: 'Meera Kamat',
      address: 'meera@centre.in',
      is_admissions_office: false,
    },
  ],
  mine: 'meera',
  may_send: true,
  always: false,
}

export const groups = [
  { id: 'g-sun', name: 'Sunflowers', feeTariffId: 't-std', active: true },
  { id: 'g-oak', name: 'Oaks', feeTariffId: 't-big', active: true },
  { id: 'g-old', name: 'Old group', feeTariffId: null, active: false },
]
export const tariffs = [
  { id: 't-std', name: 'Standard', amount: 14500 },
  { id: 't-big', name: 'Single group', amount: 16700 },
]

export const inquiry = (over: Record<string, unknown> = {}) => ({
  maritalStatus: 'Married',
  children: [
    { firstName: 'Asha', lastName: 'Rao', dob: '2019-05-01' },
    { firstName: 'Kiran', lastName: 'Rao', dob: '2021-02-01' },
  ],
  guardians: [
    { firstName: 'Priya', lastName: 'Rao', email: 'priya@example.com', mobile: '9', prefix: '+91' },
    { firstName: 'Dev', lastName: 'Rao', email: ' dev@example.com ', mobile: '9', prefix: '+91' },
  ],
  ...over,
})

export const ctx = {
  centreName: 'Goa Learning Centre',
  senderName: 'Meera Kamat',
  appLink: 'https://app.centre.in',
}
export const defaults = (data: Record<string, unknown>) =>
  stepFormDefaults(data, { senders, today: '2026-11-27', groups, tariffs })

/** A child the admission e-mail has admitted (a family record and a group). */
export const admitted = (over: Record<string, unknown>) => ({
  firstName: 'Asha',
  lastName: 'Rao',
  groupUUID: 'g-sun',
  groupName: 'Sunflowers',
  admissionFee: 25000,
  depositFee: 45000,
  ...over,
})

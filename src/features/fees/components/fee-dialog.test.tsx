import { describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { AppDatabase } from '@sync/engine/database'
import { defaultPeriod, feeYearOf } from '@sync/rules/fees/rules'
import { centreDateOf } from '@/lib/time/calendar-date'
import { renderApp, setViewportWidth, testMember } from '@/test-utils/render'

// The receipts function's answer is given here (issue 40: staff open a receipt from the list).
const receipts = vi.hoisted(() => ({ asked: [] as string[] }))
vi.mock('../hooks/use-family-payments', async (importActual) => ({
  ...(await importActual<typeof import('../hooks/use-family-payments')>()),
  downloadReceipt: async (id: string) => {
    receipts.asked.push(id)
    return {
      ok: true,
      blob: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
      filename: 'receipt-2026-27-0001.pdf',
    }
  },
}))

// The payment form as the office fills it in (issue 40): no way of payment chosen for them, a
// place for the UPI or bank reference, the student's figures shown as figures, and no green
// "Record payment" beside a student who has paid.
const today = centreDateOf(new Date())
const thisMonth = defaultPeriod('Monthly Fee', today)
const staff = testMember({ role: 'administration', name: 'Anita Desai' })

const student = (id: string, name: string) => ({
  id,
  family_id: 'fam-naik',
  contact_id: null,
  group_id: 'g-sun',
  status: 'active' as const,
  name,
  fee_tariff_id: null,
  enrolment: { startDate: '2025-06-02' },
  data: { firstName: name.split(' ')[0]! },
})

let db: AppDatabase
async function seed(d: AppDatabase) {
  db = d
  await d.reference.bulkInsert([
    {
      id: 'g-sun',
      kind: 'group',
      data: { name: 'Sunflowers', timingSet: 1, status: 'active', feeTariffId: 't-std' },
    },
    { id: 't-std', kind: 'fee_tariff', data: { name: 'Standard', amount: 14500 } },
  ])
  await d.families!.insert({
    id: 'fam-naik',
    status: 'enrolled',
    name: 'Naik',
    data: {
      guardians: [
        { parentUUID: 'n-g1', firstName: 'Rohini', lastName: 'Naik', email: 'rohini@example.com' },
      ],
    },
  })
  await d.students.bulkInsert([student('st-ira', 'Ira Naik'), student('st-rohan', 'Rohan Naik')])
  await d.payments.insert({
    id: 'pay-ira',
    family_id: 'fam-naik',
    student_id: 'st-ira',
    kind: 'fee',
    status: 'recorded',
    receipt_number: `${feeYearOf(today)}/0001`,
    data: {
      paymentType: 'Monthly Fee',
      paymentOption: 'Cash',
      period: { ...thisMonth },
      feeYear: feeYearOf(today),
      receivedFrom: 'Rohini Naik',
      amount: 14500,
      paymentDate: today,
      studentsFee: 14500,
      totalFee: 14500,
      yearPaymentTotal: 14500,
      studentName: 'Ira Naik',
      familyName: 'Naik',
      sendEmail: false,
    },
  })
}

async function openPayments() {
  setViewportWidth(1280)
  await renderApp({ path: '/administration/dash?pane=payments', member: staff, seed })
  return screen.findByTestId('fees-pending')
}

describe('recording a fee', () => {
  it('asks how it was paid, keeps the reference, and shows the figures as text', async () => {
    const pending = await openPayments()
    fireEvent.click(
      await within(pending).findByRole('button', { name: 'Record payment for Rohan Naik' }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment for Rohan Naik' })
    const option = within(dialog).getByRole('combobox', { name: /Payment option/ })
    expect(option).toHaveValue('')
    expect(
      within(option).getByRole('option', { name: 'Choose how it was paid' }),
    ).toBeInTheDocument()

    // The figures are read, not typed: no box holds them.
    expect(within(dialog).queryByRole('textbox', { name: /Paid this fee year/ })).toBeNull()
    expect(within(dialog).queryByRole('textbox', { name: /monthly fee/ })).toBeNull()
    const facts = within(dialog).getByRole('group', { name: "This student's fees" })
    expect(facts).toHaveTextContent("Student's monthly fee₹14,500.00")
    expect(facts).toHaveTextContent('Paid this fee year, with this payment₹14,500.00')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save payment' }))
    await waitFor(() => expect(option).toHaveAccessibleDescription(/Choose how it was paid/))
    expect(option).toHaveAttribute('aria-invalid', 'true')
    expect(await db.payments.find({ selector: { student_id: 'st-rohan' } }).exec()).toHaveLength(0)

    fireEvent.change(option, { target: { value: 'UPI' } })
    fireEvent.change(within(dialog).getByRole('textbox', { name: /UPI or bank reference/ }), {
      target: { value: ' UPI 612345678901 ' },
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save payment' }))
    await waitFor(async () => {
      const [row] = await db.payments.find({ selector: { student_id: 'st-rohan' } }).exec()
      expect(row?.data).toMatchObject({ paymentOption: 'UPI', reference: 'UPI 612345678901' })
    })

    // Until it syncs, its list says when it gets its number, without saying "Receipt" twice.
    // Once the saved payment reaches the pane, Rohan moves from Pending to Paid.
    const paid = await screen.findByTestId('fees-paid')
    fireEvent.click(await within(paid).findByRole('button', { name: 'Payments of Rohan Naik' }))
    const list = await screen.findByRole('dialog', { name: 'Payments of Rohan Naik' })
    const entry = await within(list).findByTestId('payment-entry')
    expect(entry).toHaveTextContent('Receipt: numbered when this device syncs')
    expect(entry).not.toHaveTextContent(/Receipt: Receipt/)
  })

  it('offers no filled "Record payment" beside a student who has paid this period', async () => {
    const pending = await openPayments()
    const rohan = within(pending).getByRole('button', { name: 'Record payment for Rohan Naik' })
    expect(rohan).toHaveAttribute('data-variant', 'filled')
    const paid = screen.getByTestId('fees-paid')
    const ira = within(paid).getByRole('button', { name: 'Record payment for Ira Naik' })
    expect(ira).toHaveAttribute('data-variant', 'default')
  })

  it("downloads a recorded payment's receipt from the payment list, under its own name", async () => {
    const saved: string[] = []
    URL.createObjectURL = () => 'blob:receipt'
    URL.revokeObjectURL = () => {}
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download)
    })
    await openPayments()
    fireEvent.click(screen.getByRole('button', { name: 'Payments of Ira Naik' }))
    const list = await screen.findByRole('dialog', { name: 'Payments of Ira Naik' })
    const number = `${feeYearOf(today)}/0001`
    fireEvent.click(within(list).getByRole('button', { name: `Download receipt ${number}` }))
    await waitFor(() => expect(saved).toEqual(['receipt-2026-27-0001.pdf']))
    expect(receipts.asked).toEqual(['pay-ira'])
    click.mockRestore()
  })
})

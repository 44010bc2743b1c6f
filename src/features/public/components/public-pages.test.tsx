import type { ReactElement } from 'react'
import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { centre } from '@/lib/centre'
import { HomePage } from './home-page'
import { PrivacyPolicy } from './privacy-policy'
import { TermsOfService } from './terms-of-service'

function renderPage(page: ReactElement) {
  return render(<MantineProvider>{page}</MantineProvider>)
}

function linkNamed(name: string | RegExp) {
  return screen.getByRole('link', { name })
}

describe.each([
  ['home page', <HomePage />],
  ['privacy policy', <PrivacyPolicy />],
  ['terms of service', <TermsOfService />],
])('the %s', (_, page) => {
  it('has exactly one top-level heading', () => {
    renderPage(page)
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  it('names the centre', () => {
    renderPage(page)
    expect(document.body).toHaveTextContent(centre.name)
  })
})

describe('the home page', () => {
  it('shows the centre name as its title, with the tagline', () => {
    renderPage(<HomePage />)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(centre.name)
    expect(screen.getByText(centre.tagline)).toBeInTheDocument()
  })

  it('offers sign-in and connecting an enrolled family account', () => {
    renderPage(<HomePage />)
    expect(linkNamed('Sign in')).toHaveAttribute('href', '/signin')
    expect(linkNamed('Connect your family account')).toHaveAttribute('href', '/connect-account')
  })

  it('tells applicants how to reach the centre by e-mail, phone and WhatsApp', () => {
    renderPage(<HomePage />)
    const apply = screen.getByRole('region', { name: 'How to apply' })
    expect(within(apply).getByRole('link', { name: centre.email })).toHaveAttribute(
      'href',
      `mailto:${centre.email}`,
    )
    expect(within(apply).getByRole('link', { name: centre.phone })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\+\d+$/),
    )
    expect(within(apply).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/\d+$/),
    )
    expect(apply).toHaveTextContent(/invite you for a visit/)
    expect(within(apply).getByRole('link', { name: 'Apply for your child' })).toHaveAttribute(
      'href',
      '/apply-students',
    )
    expect(within(apply).getByRole('link', { name: 'apply to facilitate' })).toHaveAttribute(
      'href',
      '/apply-facilitators',
    )
  })

  it('links to both legal documents', () => {
    renderPage(<HomePage />)
    expect(linkNamed('Privacy policy')).toHaveAttribute('href', '/legal/privacy-policy')
    expect(linkNamed('Terms of service')).toHaveAttribute('href', '/legal/terms-of-service')
  })

  it('shows the centre’s address', () => {
    renderPage(<HomePage />)
    expect(document.body).toHaveTextContent(centre.address)
  })
})

describe.each([
  ['privacy policy', <PrivacyPolicy />],
  ['terms of service', <TermsOfService />],
])('the %s contents', (_, page) => {
  it('lead to a section of the page', () => {
    renderPage(page)
    const contents = screen.getByRole('navigation', { name: 'Contents' })
    const links = within(contents).getAllByRole('link')
    expect(links.length).toBeGreaterThan(5)
    for (const link of links) {
      const id = link.getAttribute('href')?.replace(/^#/, '') ?? ''
      expect(document.getElementById(id)).toHaveTextContent(link.textContent ?? '')
    }
  })

  it('show the effective date', () => {
    renderPage(page)
    expect(screen.getByText(/Effective from 25 November 2026/)).toBeInTheDocument()
  })
})

describe('the privacy policy', () => {
  it('names the grievance officer and how to reach them', () => {
    renderPage(<PrivacyPolicy />)
    const contact = screen.getByRole('region', { name: 'Who we are and whom to contact' })
    expect(contact).toHaveTextContent(/grievance officer/i)
    expect(within(contact).getByRole('link', { name: centre.email })).toHaveAttribute(
      'href',
      `mailto:${centre.email}`,
    )
    expect(contact).toHaveTextContent(centre.address)
  })

  it('explains how a family asks for its data to be deleted', () => {
    renderPage(<PrivacyPolicy />)
    const requests = screen.getByRole('region', {
      name: 'How to ask for your data, a correction or deletion',
    })
    expect(requests).toHaveTextContent(/within 30 days/)
    expect(requests).toHaveTextContent(/What we cannot delete/)
    expect(requests).toHaveTextContent(/8 years/)
  })

  it('rests on the DPDP Act, including consent for children and the Board', () => {
    renderPage(<PrivacyPolicy />)
    expect(
      screen.getAllByText(/Digital Personal Data Protection Act, 2023/).length,
    ).toBeGreaterThan(0)
    const basis = screen.getByRole('region', { name: 'Our legal basis under the DPDP Act' })
    expect(basis).toHaveTextContent(/verifiable consent of a parent or lawful guardian/)
    expect(screen.getByRole('region', { name: 'Your rights' })).toHaveTextContent(
      /Data Protection Board of India/,
    )
  })

  it('states how long each kind of data is kept', () => {
    renderPage(<PrivacyPolicy />)
    const retention = screen.getByRole('region', { name: 'How long we keep it' })
    expect(retention).toHaveTextContent(/1 year after our last contact/)
    expect(retention).toHaveTextContent(/3 years after the family leaves/)
    expect(retention).toHaveTextContent(/8 years after the end of the financial year/)
  })
})

describe('the terms of service', () => {
  it('name Indian law and the courts of Goa', () => {
    renderPage(<TermsOfService />)
    const law = screen.getByRole('region', { name: 'Governing law and disputes' })
    expect(law).toHaveTextContent(/laws of India/)
    expect(law).toHaveTextContent(/courts in Goa/)
  })

  it('point to the privacy policy for personal data', () => {
    renderPage(<TermsOfService />)
    const links = screen.getAllByRole('link', { name: 'privacy policy' })
    expect(links.map((link) => link.getAttribute('href'))).toContain('/legal/privacy-policy')
  })

  it('ask people to wait for offline changes to sync', () => {
    renderPage(<TermsOfService />)
    expect(screen.getByRole('region', { name: 'Availability and offline use' })).toHaveTextContent(
      /Keep the app open until your changes show as synced/,
    )
  })
})

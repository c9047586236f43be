import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import PrivacyPage from '../../../../src/features/legal/PrivacyPage';
import TermsPage from '../../../../src/features/legal/TermsPage';

function renderPage(Page: ComponentType) {
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
}

function expectEveryLinkNamed(name: string, href: string) {
  const links = screen.getAllByRole('link', { name });
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link).toHaveAttribute('href', href);
}

describe.each<[string, ComponentType]>([
  ['Terms & Conditions', TermsPage],
  ['Privacy Policy', PrivacyPage],
])('%s page', (title, Page) => {
  it('has one h1, dated July 28, 2025, and h2 sections below it', () => {
    renderPage(Page);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Last updated: July 28, 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(8);
    expect(screen.queryByRole('heading', { level: 3 })).not.toBeInTheDocument();
  });

  it('leads back home and to registration', () => {
    renderPage(Page);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/register');
  });
});

describe('Terms & Conditions page', () => {
  it('links to the Privacy Policy', () => {
    renderPage(TermsPage);
    expectEveryLinkNamed('Privacy Policy', '/privacy');
  });

  it('gives 30 days for billing disputes, data kept after termination and notice of material changes', () => {
    renderPage(TermsPage);
    expect(screen.getByText(/Billing disputes must be raised within 30 days/)).toBeInTheDocument();
    expect(screen.getByText(/Your data is kept for 30 days after termination/)).toBeInTheDocument();
    expect(screen.getByText(/at least 30 days' notice of material changes/)).toBeInTheDocument();
  });

  it.each([/Acceptance/, /The Service/, /Acceptable use/, /WhatsApp and Meta/, /AI-generated/, /Fees and billing/])(
    'has a section on %s',
    (heading) => {
      renderPage(TermsPage);
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    },
  );
});

describe('Privacy Policy page', () => {
  it('links to the Terms & Conditions', () => {
    renderPage(PrivacyPage);
    expectEveryLinkNamed('Terms & Conditions', '/terms');
  });

  it('is for ages 13 and over and aims to answer privacy inquiries within 48 hours', () => {
    renderPage(PrivacyPage);
    expect(screen.getByText(/intended for people aged 13 and over/)).toBeInTheDocument();
    expect(screen.getByText(/We aim to answer privacy inquiries within 48 hours/)).toBeInTheDocument();
  });

  it.each([
    /Information we collect/,
    /How we use it/,
    /AI providers/,
    /How long we keep it/,
    /Your rights/,
    /Children/,
  ])('has a section on %s', (heading) => {
    renderPage(PrivacyPage);
    expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
  });
});

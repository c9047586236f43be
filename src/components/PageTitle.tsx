export interface PageTitleProps {
  /** What the page is, first: 'Sign in', 'Agents', an agent's name. */
  title: string;
}

/**
 * The document's title while a page shows (WCAG 2.4.2: each route its own). React 19 hoists a
 * rendered `<title>` into `<head>` and removes it when the page goes, so no library is needed.
 */
export default function PageTitle({ title }: PageTitleProps) {
  return <title>{`${title} · Threadline`}</title>;
}

import Link from '@mui/material/Link';
import type { MouseEvent } from 'react';

/** The id of the page's main region, where the skip link leads; the region takes focus (tabIndex -1). */
export const MAIN_CONTENT_ID = 'main-content';
export const SKIP_LINK_TEXT = 'Skip to content';

/** The `<main>` props that make the region the skip link's target. */
export const mainContentProps = { id: MAIN_CONTENT_ID, tabIndex: -1 } as const;

/**
 * WCAG 2.4.1: the first tab stop of a framed page, off screen until focused, moves focus past the
 * navigation to the page's main region. Focus is moved by hand as well as by the fragment: a hash
 * link would also change the URL, which the router treats as a navigation.
 */
export default function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontWeight: 600,
        boxShadow: 3,
        // Off screen until it has keyboard focus.
        transform: 'translateY(-200%)',
        '&:focus-visible, &:focus': { transform: 'none' },
      }}
    >
      {SKIP_LINK_TEXT}
    </Link>
  );
}

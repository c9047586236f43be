import { render } from '@testing-library/react';
import PageTitle from '../../../src/components/PageTitle';

describe('PageTitle', () => {
  it('names the document after the page, and gives the title back when the page goes', () => {
    const before = document.title;
    const { rerender, unmount } = render(<PageTitle title="Agents" />);
    expect(document.title).toBe('Agents · Threadline');
    rerender(<PageTitle title="Bike shop" />);
    expect(document.title).toBe('Bike shop · Threadline');
    unmount();
    expect(document.title).toBe(before);
  });
});

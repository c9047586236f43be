import { renderText, textPng } from '../../fixtures/images';
import { imagePdf } from '../../fixtures/pdf';
import { createAgent, newOwner } from '../support/agents-helpers';
import { searchContexts, uploadAndIngest } from '../support/documents-helpers';
import { useTestApp } from '../support/helpers';

// OCR is slow: two cases only, on the one tesseract worker the app shares between jobs.
const ctx = useTestApp();

async function ownerWithAgent() {
  const owner = await newOwner(ctx);
  const agent = await createAgent(ctx, owner, { model: 'local/knowledge-base', api_key: '' });
  return { owner, agentId: agent.id };
}

describe('ingestion by OCR, with the locally installed English data', () => {
  it('reads the text of a PNG and finds it by search', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const png = textPng(['THE BLUE LIGHTHOUSE', 'WALRUS SOUP IS SERVED ON FRIDAYS.'], 3);
    const document = await uploadAndIngest(ctx, owner, agentId, 'menu.png', png);
    expect(document).toMatchObject({ status: 'ready', media_type: 'image/png', pages: null, chunks: 1 });
    const found = await searchContexts(ctx, owner, agentId, 'walrus');
    expect(found).toHaveLength(1);
    expect(found[0].context).toMatch(/LIGHTHOUSE/);
    expect(found[0].context).toMatch(/WALRUS/);
  });

  it('reads a scanned PDF page, which has no text layer, through its image', async () => {
    const { owner, agentId } = await ownerWithAgent();
    const scan = imagePdf(renderText(['THE HARBOUR FERRY LEAVES', 'EVERY SATURDAY AT SEVEN.'], 3));
    const document = await uploadAndIngest(ctx, owner, agentId, 'scan.pdf', scan);
    expect(document).toMatchObject({ status: 'ready', media_type: 'application/pdf', pages: 1, chunks: 1 });
    const found = await searchContexts(ctx, owner, agentId, 'harbour ferry');
    expect(found).toHaveLength(1);
    expect(found[0].context).toMatch(/HARBOUR FERRY/);
  });
});

import { expect, PHONE, test } from '../fixtures';

/**
 * Messages read as people wrote them (issue 45, item 10), in the browser: a quote ends at its
 * last `>` line, `:tada:` shows as the emoji, code reads at a size beside the text's.
 */
test('a quote, a shortcode and a code block read as written', async ({ alice }) => {
  await alice.arrive();
  const created = await alice.page.request.post('/api/channels', {
    data: { name: `rendu-${Date.now().toString(36)}`, type: 'channel' },
  });
  const { id } = (await created.json()) as { id: string };
  const content = [
    '> On livre jeudi ?',
    'Oui, la recette est prête :tada:',
    '',
    '```',
    'npm run build',
    '```',
  ].join('\n');
  const sent = await alice.page.request.post(`/api/channels/${id}/messages`, {
    data: { content, clientId: crypto.randomUUID() },
  });
  expect(sent.status()).toBe(201);
  await alice.page.goto(`/channel/${id}`);

  const message = alice.chat.message('On livre jeudi');
  const quote = message.locator('blockquote');
  await expect(quote).toHaveText('On livre jeudi ?');
  await expect(message.getByText('Oui, la recette est prête 🎉')).toBeVisible();
  await expect(quote).not.toContainText('recette');

  const sizes = await message.evaluate((article) => {
    const px = (el: Element | null) => (el ? Number.parseFloat(getComputedStyle(el).fontSize) : 0);
    return { code: px(article.querySelector('pre code')), text: px(article.querySelector('p')) };
  });
  expect(sizes.text).toBeGreaterThanOrEqual(15);
  expect(sizes.code).toBeGreaterThanOrEqual(14);
  await alice.page.screenshot({ path: test.info().outputPath('message-rendering-1280.png') });
});

test('the same message on a phone', async ({ actor }) => {
  const carol = await actor('Carol', { viewport: PHONE });
  await carol.signUp();
  const created = await carol.page.request.post('/api/channels', {
    data: { name: `rendu-${Date.now().toString(36)}`, type: 'channel' },
  });
  const { id } = (await created.json()) as { id: string };
  await carol.page.request.post(`/api/channels/${id}/messages`, {
    data: {
      content: '> cité\nréponse :+1:\n\n`code` et\n```\nun bloc\n```',
      clientId: crypto.randomUUID(),
    },
  });
  await carol.page.goto(`/channel/${id}`);
  const message = carol.chat.message('cité');
  await expect(message.getByText('réponse 👍')).toBeVisible();
  await expect(message.locator('blockquote')).toHaveText('cité');
  await carol.page.screenshot({ path: test.info().outputPath('message-rendering-390.png') });
});

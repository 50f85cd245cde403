import sharp from 'sharp';
import { expect, PHONE, test } from '../fixtures';
import type { FilesUi } from '../pages/files';

const image = (color: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();

/**
 * The name column takes what the fixed columns leave: at least 40% of the table, and the
 * name's first characters are shown (a long one ends with an ellipsis).
 */
async function expectNameRoom(files: FilesUi, name: string) {
  const tableWidth = (await files.table.boundingBox())?.width ?? 0;
  const cell = files.row(name).getByRole('cell').first();
  const nameWidth = (await cell.boundingBox())?.width ?? 0;
  expect(nameWidth).toBeGreaterThan(tableWidth * 0.4);
  const shown = await cell.getByTitle(name).evaluate((span) => span.getBoundingClientRect().width);
  expect(shown).toBeGreaterThan(60);
}

// docs/product.md §2 and docs/files.md, in Chromium, with two people in their own windows.
test.describe('files', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an image pasted and one picked reach Bob live; the files tab lists, downloads and deletes', async ({
    alice,
    bob,
  }, testInfo) => {
    await alice.signUp();
    const created = await alice.page.request.post('/api/channels', {
      data: { name: `fichiers-${Math.random().toString(36).slice(2, 7)}`, type: 'channel' },
    });
    const { id } = (await created.json()) as { id: string };
    await bob.signUp();
    expect((await bob.page.request.post(`/api/channels/${id}/join`)).ok()).toBe(true);
    await alice.page.goto(`/channel/${id}`);
    await bob.page.goto(`/channel/${id}`);
    await expect(bob.chat.composer).toBeVisible();

    // Six files in one selection are refused, with the toast of docs/product.md §5; nothing is added.
    await alice.files.picker.setInputFiles(
      Array.from({ length: 6 }, (_, i) => ({
        name: `n${i}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from(`note ${i}`),
      })),
    );
    await expect(
      alice.page.getByText('Erreur lors de l’ajout des fichiers', { exact: true }),
    ).toBeVisible();
    await expect(alice.page.getByRole('list', { name: 'Fichiers joints' })).toHaveCount(0);

    const red = await image('#d33');
    const blue = await image('#36c');
    await alice.files.paste([{ name: 'colle.png', mimeType: 'image/png', bytes: red }]);
    await alice.files.picker.setInputFiles({
      name: 'plan.png',
      mimeType: 'image/png',
      buffer: blue,
    });
    await expect(
      alice.page.getByText('1 fichier prêt à envoyer', { exact: true }).first(),
    ).toBeVisible();
    await alice.files.waitUploaded('colle.png');
    await alice.files.waitUploaded('plan.png');
    await alice.page.screenshot({ path: testInfo.outputPath('composer-1280.png') });
    await alice.chat.composer.press('Enter');
    await expect(alice.page.getByRole('list', { name: 'Fichiers joints' })).toHaveCount(0);

    // Bob sees both thumbnails live, then opens the lightbox and moves with the keyboard.
    const thumbnail = bob.files.imageButton('colle.png');
    await expect(thumbnail).toBeVisible();
    await expect(bob.files.imageButton('plan.png')).toBeVisible();
    await expect
      .poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    // The text "(attachment)" is not shown under the images.
    await expect(bob.chat.log.getByText('(attachment)')).toHaveCount(0);
    await thumbnail.click();
    await expect(bob.files.lightbox).toContainText('colle.png');
    await expect(bob.files.lightbox).toContainText('Image 1 sur 2');
    await bob.page.keyboard.press('ArrowRight');
    await expect(bob.files.lightbox).toContainText('plan.png');
    await bob.page.keyboard.press('ArrowLeft');
    await expect(bob.files.lightbox).toContainText('colle.png');
    await bob.page.screenshot({ path: testInfo.outputPath('lightbox-1280.png') });
    await bob.page.keyboard.press('Escape');
    await expect(bob.files.lightbox).toHaveCount(0);

    // The files tab: Alice uploads a document with a description; Bob's tab shows it live.
    await bob.channels.tab('Fichiers').click();
    await expect(bob.files.row('colle.png')).toBeVisible();
    await alice.channels.tab('Fichiers').click();
    await alice.page.getByRole('button', { name: 'Envoyer un fichier' }).click();
    const dialog = alice.page.getByRole('dialog', { name: 'Envoyer un fichier' });
    const submit = dialog.getByRole('button', { name: 'Envoyer', exact: true });
    await expect(submit).toBeDisabled();
    const notes = Buffer.from('Ordre du jour : café, puis plan du bureau.\n', 'utf8');
    await dialog.getByLabel('Fichier').setInputFiles({
      name: 'ordre du jour.txt',
      mimeType: 'text/plain',
      buffer: notes,
    });
    await dialog.getByLabel('Description (facultative)').fill('Réunion de lundi');
    await submit.click();
    await expect(dialog).toHaveCount(0);

    const bobRow = bob.files.row('ordre du jour.txt');
    await expect(bobRow).toContainText('Réunion de lundi');
    await expect(bobRow).toContainText('Alice');
    await expect(bob.files.row('plan.png')).toContainText('Alice');
    await bob.page.screenshot({ path: testInfo.outputPath('files-tab-1280.png') });

    // Both download it, byte for byte; and the image too.
    const download = (who: FilesUi, name: string) =>
      who.download(who.row(name).getByRole('link', { name: `Télécharger ${name}` }));
    expect((await download(bob.files, 'ordre du jour.txt')).equals(notes)).toBe(true);
    expect((await download(alice.files, 'ordre du jour.txt')).equals(notes)).toBe(true);
    expect((await download(bob.files, 'plan.png')).equals(blue)).toBe(true);

    // Bob may not delete Alice's file; Alice may, after confirming, and Bob's list follows.
    await expect(bobRow.getByRole('button', { name: /Supprimer/ })).toHaveCount(0);
    await alice.page.getByRole('button', { name: 'Supprimer ordre du jour.txt' }).click();
    await alice.page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(bobRow).toHaveCount(0);
  });

  test('a PDF dropped on the channel is sent as a card that downloads it', async ({ alice }) => {
    await alice.signUp();
    const created = await alice.page.request.post('/api/channels', {
      data: { name: `depot-${Math.random().toString(36).slice(2, 7)}`, type: 'channel' },
    });
    const { id } = (await created.json()) as { id: string };
    await alice.page.goto(`/channel/${id}`);
    await expect(alice.chat.composer).toBeVisible();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    await alice.files.drop([{ name: 'devis signé.pdf', mimeType: 'application/pdf', bytes: pdf }]);
    await alice.files.waitUploaded('devis signé.pdf');
    await alice.chat.send('Le devis');
    const card = alice.chat
      .message('Le devis')
      .getByRole('link', { name: 'Télécharger devis signé.pdf' });
    await expect(card).toContainText('PDF');
    expect((await alice.files.download(card)).equals(pdf)).toBe(true);
  });

  test('the files tab gives the name the room left by the other columns, at 1280×800', async ({
    alice,
  }, testInfo) => {
    await alice.arrive();
    const created = await alice.page.request.post('/api/channels', {
      data: { name: `colonnes-${Math.random().toString(36).slice(2, 7)}`, type: 'channel' },
    });
    const { id } = (await created.json()) as { id: string };
    const name = 'compte rendu de la réunion de lancement du projet.txt';
    const upload = await alice.page.request.post(`/api/channels/${id}/files/upload`, {
      multipart: {
        description: 'Notes prises pendant la réunion, avec les décisions et les suites à donner',
        file: { name, mimeType: 'text/plain', buffer: Buffer.from('notes') },
      },
    });
    expect(upload.status()).toBe(201);
    await alice.page.goto(`/channel/${id}`);
    await alice.channels.tab('Fichiers').click();
    await expect(alice.files.row(name)).toBeVisible();
    await alice.page.screenshot({ path: testInfo.outputPath('files-tab-columns-1280.png') });
    await expectNameRoom(alice.files, name);
  });

  test('the files tab on a phone', async ({ actor }, testInfo) => {
    const carol = await actor('Carol', { viewport: PHONE });
    await carol.arrive();
    const created = await carol.page.request.post('/api/channels', {
      data: { name: `mobile-${Math.random().toString(36).slice(2, 7)}`, type: 'channel' },
    });
    const { id } = (await created.json()) as { id: string };
    const upload = await carol.page.request.post(`/api/channels/${id}/files/upload`, {
      multipart: {
        description: 'Le devis signé',
        file: { name: 'devis.txt', mimeType: 'text/plain', buffer: Buffer.from('devis') },
      },
    });
    expect(upload.status()).toBe(201);
    await carol.page.goto(`/channel/${id}`);
    await carol.channels.tab('Fichiers').click();
    await expect(carol.files.row('devis.txt')).toContainText('Le devis signé');
    await carol.page.screenshot({ path: testInfo.outputPath('files-tab-390.png') });
    await expectNameRoom(carol.files, 'devis.txt');

    // The chat on a phone: a message with an image and a document.
    const photo = await carol.page.request.post(`/api/channels/${id}/files/upload`, {
      multipart: {
        file: { name: 'photo.png', mimeType: 'image/png', buffer: await image('#2a9') },
      },
    });
    const attach = (f: {
      id: string;
      originalName: string;
      url: string;
      size: number;
      mimeType: string;
    }) => ({
      id: f.id,
      name: f.originalName,
      url: f.url,
      size: f.size,
      mimeType: f.mimeType,
    });
    const sent = await carol.page.request.post(`/api/channels/${id}/messages`, {
      data: {
        content: 'Voici le devis',
        attachments: [attach(await photo.json()), attach(await upload.json())],
      },
    });
    expect(sent.status()).toBe(201);
    await carol.channels.tab('Discussion').click();
    await expect(carol.files.imageButton('photo.png')).toBeVisible();
    await expect(carol.page.getByRole('link', { name: 'Télécharger devis.txt' })).toBeVisible();
    await carol.page.screenshot({ path: testInfo.outputPath('chat-390.png') });
  });
});

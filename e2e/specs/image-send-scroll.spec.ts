import sharp from 'sharp';
import { expect, test } from '../fixtures';

/** A tall image: its height is most of what the row takes, and it arrives after the send. */
const tallImage = (color: string) =>
  sharp({ create: { width: 420, height: 900, channels: 3, background: color } })
    .png()
    .toBuffer();

// Issue 45, item 3: sending an image keeps one at the bottom, one's own image fully in view.
test.describe('sending images', () => {
  test.describe.configure({ timeout: 180_000 });

  test('several images in a row: each one sent is fully in view, never behind "Revenir aux messages récents"', async ({
    alice,
  }, testInfo) => {
    await alice.signUp();
    const created = await alice.page.request.post('/api/channels', {
      data: { name: `images-${Math.random().toString(36).slice(2, 7)}`, type: 'channel' },
    });
    const { id } = (await created.json()) as { id: string };
    // History to scroll through, so that the list is not all in view.
    for (let i = 1; i <= 30; i++) {
      await alice.page.request.post(`/api/channels/${id}/messages`, {
        data: { content: `Message d’avant numéro ${i}` },
      });
    }
    await alice.page.goto(`/channel/${id}`);
    await expect(alice.chat.log.getByText('Message d’avant numéro 30')).toBeVisible();

    const colors = ['#c33', '#3a6', '#36c', '#d90', '#939'];
    for (const [i, color] of colors.entries()) {
      const name = `photo-${i + 1}.png`;
      await alice.files.picker.setInputFiles({
        name,
        mimeType: 'image/png',
        buffer: await tallImage(color),
      });
      await alice.files.waitUploaded(name);
      await alice.chat.composer.press('Enter');

      const shown = alice.files.imageButton(name);
      await expect(shown).toBeVisible();
      const img = shown.locator('img');
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
        .toBeGreaterThan(0);
      // The image, once its height is in, lies wholly inside the list's viewport.
      await expect
        .poll(async () => {
          const list = await alice.chat.log.boundingBox();
          const box = await img.boundingBox();
          if (!list || !box || box.height < 20) return 'not laid out';
          const inside = box.y >= list.y - 1 && box.y + box.height <= list.y + list.height + 1;
          return inside ? 'in view' : `${box.y}+${box.height} outside ${list.y}+${list.height}`;
        })
        .toBe('in view');
      await expect(
        alice.page.getByRole('button', { name: 'Revenir aux messages récents' }),
      ).toHaveCount(0);
    }
    await alice.page.screenshot({ path: testInfo.outputPath('images-sent-1280.png') });
  });
});

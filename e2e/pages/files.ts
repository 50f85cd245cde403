import { type Download, expect, type Locator, type Page } from '@playwright/test';

/** docs/product.md §2: files in the composer and in messages, the lightbox, and the files tab. */
export class FilesUi {
  readonly picker: Locator;
  readonly lightbox: Locator;
  readonly table: Locator;

  constructor(private readonly page: Page) {
    this.picker = page.getByTestId('composer-file-input').first();
    this.lightbox = page.getByRole('dialog');
    this.table = page.getByRole('table', { name: 'Fichiers du canal' });
  }

  /** Pastes files into the composer's text box, as a clipboard holding images does. */
  async paste(files: Array<{ name: string; mimeType: string; bytes: Buffer }>): Promise<void> {
    const payload = files.map((f) => ({ ...f, bytes: [...f.bytes] }));
    await this.page
      .getByRole('combobox', { name: 'Message' })
      .first()
      .evaluate((box, list) => {
        const data = new DataTransfer();
        for (const f of list) {
          data.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.mimeType }));
        }
        box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      }, payload);
  }

  /** Drags files over the page and drops them, as from the desktop. */
  async drop(files: Array<{ name: string; mimeType: string; bytes: Buffer }>): Promise<void> {
    const payload = files.map((f) => ({ ...f, bytes: [...f.bytes] }));
    await this.page.evaluate((list) => {
      const data = new DataTransfer();
      for (const f of list) {
        data.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.mimeType }));
      }
      const target = document.querySelector('main') ?? document.body;
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(
          new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }),
        );
      }
    }, payload);
  }

  /** Waits until the composer's chip for `name` says it is up (its button turns to "remove"). */
  async waitUploaded(name: string): Promise<void> {
    await expect(this.page.getByRole('button', { name: `Retirer « ${name} »` })).toBeVisible();
  }

  imageButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Agrandir l’image ${name}` });
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ hasText: name });
  }

  /** Clicks a download link and returns the downloaded bytes. */
  async download(link: Locator): Promise<Buffer> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), link.click()]);
    return downloadedBytes(download);
  }
}

/** The bytes a browser download saved. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Grows a textarea with its content, up to `maxHeight` px, then it scrolls (docs/product.md §9: 150 px). */
export function fitTextarea(textarea: HTMLTextAreaElement, maxHeight: number): void {
  textarea.style.height = 'auto';
  const height = Math.min(textarea.scrollHeight, maxHeight);
  textarea.style.height = `${height}px`;
  textarea.style.overflowY = textarea.scrollHeight > maxHeight ? 'auto' : 'hidden';
}

import type { CustomEmoji } from '#shared/emoji';
import { apiGet, apiRequest } from '@/lib/api';

export const listCustomEmoji = () => apiGet<CustomEmoji[]>('/api/emoji');

export const createCustomEmoji = (name: string, image: File) => {
  const form = new FormData();
  form.append('name', name);
  form.append('image', image);
  return apiRequest<CustomEmoji>('POST', '/api/emoji', form);
};

export const deleteCustomEmoji = (name: string) =>
  apiRequest<void>('DELETE', `/api/emoji/${encodeURIComponent(name)}`);

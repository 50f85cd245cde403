import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/** A mutation that refreshes one list once it settles (docs/product.md §7: every change does). */
export function useRefreshingMutation<A, R>(key: QueryKey, mutationFn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

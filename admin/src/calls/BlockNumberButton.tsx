import { Button, Intent } from '@blueprintjs/core';
import { phoneSearchDigitsOf, type Call } from '@washdesk/contract';
import { useChange } from '../api/use-change.ts';
import { showFailureToast } from '../toaster.ts';
import { BLOCKING_REFETCH, blockNumber, unblockNumber } from './blocked-numbers.queries.ts';

/**
 * Block or unblock the caller's number: a blocked number hears one short sentence and the line
 * hangs up, with no assistant turn. Only numbers someone can call from have the button.
 */
export function BlockNumberButton({ call }: { call: Call }) {
  // A number the one phone rule cannot read (a withheld caller id, a short code) cannot be blocked.
  const digits = phoneSearchDigitsOf(call.phoneNumber);
  const block = useChange({
    change: (api, _: void) => blockNumber(api, call.phoneNumber),
    success: 'Number blocked',
    refetch: BLOCKING_REFETCH,
    onError: (error) => showFailureToast('Failed to block number', error),
  });
  const unblock = useChange({
    change: (api, _: void) => unblockNumber(api, digits ?? ''),
    success: 'Number unblocked',
    refetch: BLOCKING_REFETCH,
    onError: (error) => showFailureToast('Failed to unblock number', error),
  });
  if (!digits) return null;
  return call.numberBlocked ? (
    <Button
      small
      icon="unlock"
      text="Unblock number"
      loading={unblock.isPending}
      onClick={() => unblock.mutate()}
    />
  ) : (
    <Button
      small
      icon="blocked-person"
      intent={Intent.DANGER}
      text="Block number"
      loading={block.isPending}
      onClick={() => block.mutate()}
    />
  );
}

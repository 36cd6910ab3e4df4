import type { AssistantChannel } from '@washdesk/contract';

/**
 * The channels this server receives customers on. A feature reports here when it mounts the
 * routes that receive a channel (the quote routes for photo quotes; later the Twilio webhooks for
 * the phone and the Meta webhook for Messenger), so the assistant's status follows the code that
 * exists instead of a list someone must remember to update.
 */
export function assistantChannels() {
  const receiving = new Map<AssistantChannel, readonly string[]>();
  return {
    /** `paths`: the routes that receive customers on this channel. */
    receives(channel: AssistantChannel, paths: readonly string[]) {
      receiving.set(channel, paths);
    },
    isReceiving: (channel: AssistantChannel) => receiving.has(channel),
  };
}
export type AssistantChannels = ReturnType<typeof assistantChannels>;

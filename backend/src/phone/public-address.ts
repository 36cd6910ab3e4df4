import type { Config } from '../config.ts';
import type { PublicUrl } from './public-url.ts';
import { twilioApi, type TwilioApi } from './twilio-client.ts';
import { PHONE_WEBHOOKS } from './webhook-paths.ts';

// `npm start` making the phone line reachable: with NGROK_AUTHTOKEN an ngrok tunnel becomes the
// public address (so Twilio can call a laptop), and the business's Twilio number is pointed at it.

export interface Tunnel {
  url: string;
  close(): Promise<void>;
}
export type OpenTunnel = (port: number, authtoken: string) => Promise<Tunnel>;

/** The @ngrok/ngrok agent, loaded only when a token asks for it (it is a native module). */
export const ngrokTunnel: OpenTunnel = async (port, authtoken) => {
  const ngrok = await import('@ngrok/ngrok');
  const listener = await ngrok.forward({ addr: port, authtoken });
  const url = listener.url();
  if (!url) throw new Error('ngrok opened no URL');
  return { url, close: () => listener.close() };
};

export const webhookUrls = (base: string) => ({
  incomingCall: `${base}${PHONE_WEBHOOKS.incomingCall}`,
  processSpeech: `${base}${PHONE_WEBHOOKS.processSpeech}`,
  callStatus: `${base}${PHONE_WEBHOOKS.callStatus}`,
});

const isLocal = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface PublicAddress {
  /** Lines for the operator's terminal. */
  lines: string[];
  close(): Promise<void>;
}

/**
 * Opens the tunnel when NGROK_AUTHTOKEN is set and moves `publicUrl` to it; then, with Twilio
 * credentials, points the number's voice URL (incoming-call) and status callback (call-status) at
 * it. Nothing here stops the server: a failure is said in the lines and the server runs on.
 */
export async function goPublic(options: {
  config: Config;
  publicUrl: PublicUrl;
  port: number;
  openTunnel?: OpenTunnel;
  twilio?: TwilioApi | null;
}): Promise<PublicAddress> {
  const { config, publicUrl, port } = options;
  const lines: string[] = [];
  let tunnel: Tunnel | null = null;
  const authtoken = config.providers.ngrok.authtoken;
  if (authtoken) {
    try {
      tunnel = await (options.openTunnel ?? ngrokTunnel)(port, authtoken);
      publicUrl.set(tunnel.url);
      lines.push(`Public address (ngrok tunnel): ${publicUrl.get()}`);
    } catch (error) {
      lines.push(`The ngrok tunnel could not be opened (${reason(error)}); using ${publicUrl.get()}.`);
    }
  }
  const urls = webhookUrls(publicUrl.get());
  if (tunnel || !isLocal(publicUrl.get())) {
    lines.push(
      'Twilio webhooks (POST):',
      `  Incoming call:     ${urls.incomingCall}`,
      `  Speech processing: ${urls.processSpeech}`,
      `  Call status:       ${urls.callStatus}`,
    );
  }
  const twilio = options.twilio === undefined ? twilioApi(config.providers.twilio) : options.twilio;
  if (tunnel && twilio) {
    try {
      await twilio.pointNumberAt({ voiceUrl: urls.incomingCall, statusCallback: urls.callStatus });
      lines.push(
        `The Twilio number ${config.providers.twilio.phoneNumber} now sends its calls to these webhooks.`,
      );
    } catch (error) {
      lines.push(
        `The Twilio number could not be pointed at the tunnel (${reason(error)}); set its webhooks in the Twilio console.`,
      );
    }
  } else if (tunnel) {
    lines.push(
      'Twilio is not configured: set the number’s webhooks to these addresses in the Twilio console.',
    );
  }
  return { lines, close: async () => void (await tunnel?.close()) };
}

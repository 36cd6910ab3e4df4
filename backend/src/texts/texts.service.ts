import { randomUUID } from 'node:crypto';
import {
  ERROR_CODES,
  fromTheBusiness,
  TEXT_OPTED_OUT,
  TEXTS_NOT_CONFIGURED,
  type TextMessage,
  type TextsStatus,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import type { EventBus } from '../events/event-bus.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { OutboxMessage } from '../outbox/outbox.repository.ts';
import type { Clock } from '../time.ts';
import type { Assistant } from '../assistant/assistant-turn.ts';
import type { SettingsRepository } from '../settings/settings.repository.ts';
import { assistantTexts } from './assistant-texts.ts';
import { textPhotos } from './text-photos.ts';
import { textedMedia } from './texted-media.ts';
import { consentKeywordOf, HELP_ANSWERS, HELP_TEMPLATE, keywordLanguageOf } from './text-consent.ts';
import { isSpanish } from '../assistant/spanish.ts';
import { ENGLISH_ONLY, type CustomerLanguages } from '../customers/customer-languages.ts';
import type { TextRepository } from './text.repository.ts';
import type { IncomingMedia, IncomingText } from './incoming-text.ts';

// Texts on the business number: what a customer's text does (stored once, STOP/START/HELP), what
// staff send, and Twilio's delivery reports. Every outgoing text here is an outbox row first, sent
// through the business's one gated sender.

export interface TextsDeps {
  /** The texts' own tables (built once in app.ts: the customer timeline reads them too). */
  repo: TextRepository;
  config: Config;
  outbox: Outbox;
  events: EventBus;
  clock?: Clock;
  /** The assistant answers texts when Settings → AI Settings → Text auto-reply is on. */
  assistant?: Assistant;
  settings?: SettingsRepository;
  /** Faults of an answer written after the webhook answered (no request is left to fail). */
  report?: (error: unknown) => void;
  /** The customers' languages: a text in Spanish is remembered, HELP is answered in theirs. */
  languages?: CustomerLanguages;
}

export function textsService(deps: TextsDeps) {
  const { config, outbox, events } = deps;
  const clock = deps.clock ?? Date.now;
  const { repo } = deps;
  const report = deps.report ?? (() => undefined);
  const business = config.business;
  const languages = deps.languages ?? ENGLISH_ONLY;
  // STOP and consent are the one sender's rules (business-texts.ts), which the outbox asks.

  const nowIso = () => new Date(clock()).toISOString();
  // Features that answer certain texts themselves (a reminder's "C" / "R"); the first that takes
  // a text handles it.
  const answerers: ((text: IncomingText, threadId: number) => boolean)[] = [];
  const announce = (threadId: number, what: 'text.received' | 'text.updated', summary: string) =>
    events.publish({ type: what, entityId: threadId, summary });
  const nameOf = (threadId: number) => {
    const thread = repo.thread(threadId);
    return thread?.customerName ?? thread?.phone ?? 'a customer';
  };

  /** Queues a text on the outbox and puts it on the number's thread, in one decision. */
  function queueText(text: {
    to: string;
    body: string;
    key: string;
    template: string;
    sender: 'staff' | 'assistant' | 'automatic';
    automatic: boolean;
    staffUserId?: number | null;
    about?: string | null;
    dueAt?: Date;
  }) {
    const { message, isNew } = outbox.queue({
      idempotencyKey: text.key,
      channel: 'text',
      recipient: text.to,
      template: text.template,
      about: text.about ?? null,
      body: text.body,
      automatic: text.automatic,
      dueAt: text.dueAt ?? new Date(clock()),
    });
    const threadId = repo.recordOutgoing({
      phone: text.to,
      body: text.body,
      outboxId: message.id,
      sender: text.sender,
      staffUserId: text.staffUserId,
      at: message.createdAt,
    });
    return { message, isNew, threadId };
  }

  const assistant =
    deps.assistant && deps.settings
      ? assistantTexts({
          assistant: deps.assistant,
          settings: deps.settings,
          texts: repo,
          clock,
          canText: () => outbox.configured.text,
          reply: (to, body, key) =>
            queueText({ to, body, key, template: 'assistant', sender: 'assistant', automatic: false }),
          businessName: business.name,
          report,
          answered: (threadId) =>
            announce(threadId, 'text.updated', `The assistant answered ${nameOf(threadId)}`),
        })
      : null;

  const media = textedMedia({
    repo,
    photos: textPhotos(config),
    // Says what was kept: a photo that could not be fetched or is not one is not "received".
    fetched: (threadId, kept, refused) =>
      announce(
        threadId,
        'text.updated',
        kept
          ? `${kept === 1 ? 'A photo' : `${kept} photos`} from ${nameOf(threadId)} received`
          : `${refused === 1 ? 'An attachment' : `${refused} attachments`} from ${nameOf(threadId)} not kept`,
      ),
    report,
  });

  return {
    repo,
    queueText,
    /** Fetches texted photos after the webhook answered, and at start what a stopped server left. */
    mediaLifecycle: media.lifecycle,
    /** Resolves once the assistant's answers under way are queued and texted photos fetched. */
    settled: () => Promise.all([assistant?.settled(), media.settled()]).then(() => undefined),
    /** Lets another feature answer a customer's text (returns true when it took it). */
    answersTexts: (answer: (text: IncomingText, threadId: number) => boolean) => void answerers.push(answer),
    status: (): TextsStatus => ({
      configured: outbox.configured.text,
      problem: outbox.configured.text ? null : TEXTS_NOT_CONFIGURED,
    }),

    /**
     * A customer's text, as Twilio's webhook brings it (issue 38: verify, store, answer): what must
     * hold with the text is written here, in the caller's transaction (the inbox's record of it,
     * STOP, a reminder's answer, HELP's reply queued, the names of its attachments); `after` is
     * the rest, run once the webhook has answered: staff hear of it, the assistant starts on its
     * reply and the attachments are fetched. A repeated MessageSid changes nothing.
     */
    receive(text: IncomingText, attachments: IncomingMedia[] = []) {
      const stored = repo.receive({ ...text, at: nowIso(), media: attachments });
      if (!stored.isNew) return { ...stored, after: undefined };
      const keyword = consentKeywordOf(text.body);
      // A customer who writes in Spanish (or says PARAR, AYUDA) reads Spanish from now on.
      const spanish = keywordLanguageOf(text.body) ?? (isSpanish(text.body) ? 'es' : null);
      if (spanish) languages.rememberLanguage({ phone: text.from }, spanish);
      if (keyword === 'stop') repo.optOut(stored.threadId, nowIso());
      if (keyword === 'start') repo.optIn(stored.threadId);
      const forAssistant = !keyword && !answerers.some((answer) => answer(text, stored.threadId));
      if (keyword === 'help') {
        queueText({
          to: text.from,
          body: fromTheBusiness(
            business.name,
            HELP_ANSWERS[spanish ?? languages.languageOf({ phone: text.from })](business.phone),
          ),
          key: `help-reply:${text.messageSid}`,
          template: HELP_TEMPLATE,
          sender: 'automatic',
          automatic: false,
        });
      }
      const after = async () => {
        try {
          announce(stored.threadId, 'text.received', `New text from ${nameOf(stored.threadId)}`);
          if (forAssistant) assistant?.received(text, stored.threadId);
        } catch (error) {
          report(error);
        }
        if (attachments.length) await media.arrived();
      };
      return { ...stored, after };
    },

    /** Twilio's status callback for a text we sent: queued → sent → delivered, or failed with its code. */
    delivery(messageSid: string, status: string, errorCode: string | null) {
      const error = errorCode ? `Twilio error ${errorCode}` : null;
      if (!outbox.repository.recordDelivery(messageSid, status, error)) return;
      const row = outbox.repository.byProviderId(messageSid);
      const threadId = row && repo.threadOfOutbox(row.id);
      if (threadId) announce(threadId, 'text.updated', `Text to ${nameOf(threadId)} ${status}`);
    },

    /** A staff member's text from the Texts screen: queued at once, shown as it is sent. */
    sendByStaff(threadId: number, body: string, staffUserId: number): TextMessage {
      const thread = repo.thread(threadId);
      if (!thread) throw notFound('Text conversation');
      if (!outbox.configured.text) throw new HttpError(503, ERROR_CODES.unavailable, TEXTS_NOT_CONFIGURED);
      if (thread.optedOut) throw new HttpError(409, ERROR_CODES.conflict, TEXT_OPTED_OUT);
      const { message } = queueText({
        to: thread.phone,
        body,
        key: `staff:${threadId}:${randomUUID()}`,
        template: 'staff',
        sender: 'staff',
        automatic: false,
        staffUserId,
      });
      announce(threadId, 'text.updated', `Text to ${nameOf(threadId)} queued`);
      return repo.messageOfOutbox(message.id)!;
    },

    /**
     * The outbox settled a text (sent, failed, cancelled): its thread's screen refreshes. A retry
     * still to come is no news; the message shows its last error when read.
     */
    outboxChanged(message: OutboxMessage) {
      if (message.channel !== 'text' || message.state === 'pending' || message.state === 'sending') return;
      const threadId = repo.threadOfOutbox(message.id);
      if (threadId) announce(threadId, 'text.updated', `Text to ${nameOf(threadId)} ${message.state}`);
    },

    /** Staff take a thread over (the assistant stays quiet in it) or hand it back. */
    takeOver(threadId: number, staffUserId: number, on: boolean) {
      if (!repo.takeOver(threadId, on ? staffUserId : null, on ? nowIso() : null))
        throw notFound('Text conversation');
      announce(
        threadId,
        'text.updated',
        on ? 'Texts taken over by staff' : 'Texts handed back to the assistant',
      );
      return repo.thread(threadId)!;
    },
  };
}
export type TextsService = ReturnType<typeof textsService>;

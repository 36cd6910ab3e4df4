import { Callout, Card, Classes, FormGroup, H4, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import type { TelephonySettings } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { settingsQueries } from './settings.queries.ts';
import { LoadFailed } from '../shell/LoadFailed.tsx';
import { BusinessHoursCard } from './BusinessHoursCard.tsx';

/** Settings → Telephony: read-only, because these values come from the server's environment. */
export function TelephonyTab() {
  const api = useApi();
  const telephony = useQuery(settingsQueries.telephony(api));
  if (telephony.isPending) return <Spinner aria-label="Loading telephony settings" />;
  if (telephony.isError) {
    return <LoadFailed title="The telephony settings could not be loaded" />;
  }
  return (
    <div className="settings-columns">
      <PhoneLineCard settings={telephony.data} />
      <AiProviderCard settings={telephony.data} />
      <BusinessHoursCard />
    </div>
  );
}

function ReadOnlyField({ label, value, empty }: { label: string; value: string | null; empty: string }) {
  return (
    <FormGroup label={label} labelFor={label}>
      <InputGroup id={label} readOnly value={value ?? empty} />
    </FormGroup>
  );
}

function PhoneLineCard({ settings }: { settings: TelephonySettings }) {
  const { phone } = settings;
  return (
    <Card className="settings-card" role="region" aria-label="Phone line">
      <H4>Phone Line (Twilio)</H4>
      <ReadOnlyField label="Account SID" value={phone.accountSid} empty="Not set" />
      <ReadOnlyField label="Phone Number" value={phone.phoneNumber} empty="Not set" />
      {phone.connected ? (
        // Configured is all the server knows: it has not checked where Twilio sends the number's calls.
        <Callout intent={Intent.SUCCESS} icon="phone" title="Phone line configured">
          The Twilio credentials are set. Calls reach the AI assistant when the number&apos;s webhooks point
          at the addresses below.
        </Callout>
      ) : (
        <Callout intent={Intent.WARNING} icon="warning-sign" title="Phone line not configured">
          Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_PHONE_NUMBER in the server's environment, then
          restart it.
        </Callout>
      )}
      <H4 className="settings-card__subhead">Webhooks</H4>
      <p className={Classes.TEXT_MUTED}>The addresses in use now (POST); point the Twilio number at them:</p>
      <dl className="settings-webhooks">
        {settings.webhooks.map((w) => (
          <div key={w.path}>
            <dt>{w.label}</dt>
            <dd>
              <code>{`${settings.publicBaseUrl}${w.path}`}</code>
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function AiProviderCard({ settings }: { settings: TelephonySettings }) {
  const { aiProvider } = settings;
  return (
    <Card className="settings-card" role="region" aria-label="AI provider">
      <H4>AI Provider</H4>
      <ReadOnlyField label="Provider" value={aiProvider.provider} empty="" />
      <ReadOnlyField label="API Key" value={aiProvider.maskedKey} empty="No key — local estimator in use" />
      <ReadOnlyField label="Model" value={aiProvider.model} empty="None" />
      {aiProvider.connected ? (
        <Callout intent={Intent.SUCCESS} icon="tick-circle">
          API key set: photo quotes and the assistant use {aiProvider.model}.
        </Callout>
      ) : (
        <Callout intent={Intent.WARNING} icon="warning-sign" title="No AI provider configured">
          Photo quotes come from the local price-list estimator and the assistant answers from the FAQ. Set
          OPENAI_API_KEY in the server's environment to use the AI model.
        </Callout>
      )}
      {!settings.messengerConnected && (
        <Callout
          intent={Intent.WARNING}
          icon="chat"
          title="Messenger not connected"
          className="settings-card__note"
        >
          Staff replies are saved but not delivered. Set META_PAGE_ACCESS_TOKEN in the server's environment.
        </Callout>
      )}
    </Card>
  );
}

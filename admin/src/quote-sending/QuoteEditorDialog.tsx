import { useState, type FormEvent } from 'react';
import {
  DepositOverrideField,
  overrideOf,
  RULE_DEPOSIT,
  type DepositChoice,
} from '../deposits/DepositOverrideField.tsx';
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  H5,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '@washdesk/contract';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { useChange } from '../api/use-change.ts';
import { customersKey } from '../customers/customers.queries.ts';
import { leadsKey } from '../leads/leads.queries.ts';
import {
  draftOf,
  leadQuoteQueries,
  sendDraft,
  type AddOnInput,
  type LineInput,
  type QuoteTarget,
} from './lead-quotes.queries.ts';
import { LeadQuoteCard } from './LeadQuoteCard.tsx';
import './quote-editor.css';

interface QuoteEditorDialogProps {
  target: QuoteTarget;
  /** Who the quote is for, as the row or record names them. */
  customerName: string;
  isOpen: boolean;
  onClose: () => void;
}

const BLANK_LINE: LineInput = { service: '', areaSqFt: '', unitPrice: '' };
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);

/**
 * The quote editor for any lead or a customer's record: lines (sq ft × price per sq ft, or a flat
 * price), add-ons the customer may tick, the last day, a preview of what the customer reads, and
 * "Send quote" through the one sending path. Below, every quote written here and where it stands.
 */
export function QuoteEditorDialog({ target, customerName, isOpen, onClose }: QuoteEditorDialogProps) {
  const api = useApi();
  const quotes = useQuery({ ...leadQuoteQueries.of(api, target), enabled: isOpen });
  const [lines, setLines] = useState<LineInput[]>([{ ...BLANK_LINE }]);
  const [addOns, setAddOns] = useState<AddOnInput[]>([]);
  const [validUntil, setValidUntil] = useState(inTwoWeeks);
  const [problem, setProblem] = useState<unknown>(null);
  const [tried, setTried] = useState(false);
  const [deposit, setDeposit] = useState<DepositChoice>(RULE_DEPOSIT);
  const figures = draftOf(lines, addOns, validUntil);
  const ownDeposit = overrideOf(deposit, figures.baseCents);
  const send = useChange({
    change: (a, draft: NonNullable<typeof figures.draft>) => sendDraft(a, target, draft),
    success: 'Quote sent',
    refetch: [leadsKey, customersKey],
    onDone: () => {
      setLines([{ ...BLANK_LINE }]);
      setAddOns([]);
      setDeposit(RULE_DEPOSIT);
      setTried(false);
    },
    onError: setProblem,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setProblem(null);
    if (figures.draft && !ownDeposit.problem)
      send.mutate({ ...figures.draft, depositOverrideCents: ownDeposit.cents });
  };
  const setLine = (i: number, change: Partial<LineInput>) =>
    setLines((old) => old.map((l, j) => (j === i ? { ...l, ...change } : l)));
  const setAddOn = (i: number, change: Partial<AddOnInput>) =>
    setAddOns((old) => old.map((a, j) => (j === i ? { ...a, ...change } : a)));

  return (
    <Dialog
      title={`Quote for ${customerName}`}
      icon="dollar"
      isOpen={isOpen}
      onClose={onClose}
      className="quote-editor"
    >
      <form onSubmit={submit} noValidate aria-label="Write a quote">
        <DialogBody>
          <H5>Lines</H5>
          <HTMLTable compact className="quote-editor__table">
            <thead>
              <tr>
                <th>Service</th>
                <th>Area (sq ft)</th>
                <th>Price ($ per sq ft, or flat)</th>
                <th>Amount</th>
                <th aria-label="Remove" />
              </tr>
            </thead>
            <tbody>
              {lines.map((line, i) => (
                <tr key={i}>
                  <td>
                    <InputGroup
                      aria-label={`Service of line ${i + 1}`}
                      value={line.service}
                      onValueChange={(v) => setLine(i, { service: v })}
                    />
                  </td>
                  <td>
                    <InputGroup
                      aria-label={`Area of line ${i + 1}`}
                      inputMode="numeric"
                      placeholder="flat"
                      value={line.areaSqFt}
                      onValueChange={(v) => setLine(i, { areaSqFt: v })}
                    />
                  </td>
                  <td>
                    <InputGroup
                      aria-label={`Price of line ${i + 1}`}
                      inputMode="decimal"
                      leftIcon="dollar"
                      value={line.unitPrice}
                      onValueChange={(v) => setLine(i, { unitPrice: v })}
                    />
                  </td>
                  <td className="quote-editor__amount">
                    {figures.amounts[i] === null ? '—' : formatCents(figures.amounts[i]!)}
                  </td>
                  <td>
                    <Button
                      icon="cross"
                      variant="minimal"
                      aria-label={`Remove line ${i + 1}`}
                      disabled={lines.length === 1}
                      onClick={() => setLines((old) => old.filter((_, j) => j !== i))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <Button
            icon="add"
            text="Add a line"
            variant="minimal"
            onClick={() => setLines((old) => [...old, { ...BLANK_LINE }])}
          />
          <H5>Add-ons the customer may tick</H5>
          {addOns.map((addOn, i) => (
            <div key={i} className="quote-editor__add-on">
              <InputGroup
                aria-label={`Service of add-on ${i + 1}`}
                value={addOn.service}
                onValueChange={(v) => setAddOn(i, { service: v })}
              />
              <InputGroup
                aria-label={`Price of add-on ${i + 1}`}
                inputMode="decimal"
                leftIcon="dollar"
                value={addOn.amount}
                onValueChange={(v) => setAddOn(i, { amount: v })}
              />
              <Button
                icon="cross"
                variant="minimal"
                aria-label={`Remove add-on ${i + 1}`}
                onClick={() => setAddOns((old) => old.filter((_, j) => j !== i))}
              />
            </div>
          ))}
          <Button
            icon="add"
            text="Add an add-on"
            variant="minimal"
            onClick={() => setAddOns((old) => [...old, { service: '', amount: '' }])}
          />
          <label className="quote-editor__valid">
            Valid until
            <input
              className="bp6-input"
              type="date"
              value={validUntil}
              onChange={(e) => setValidUntil(e.target.value)}
            />
          </label>
          <DepositOverrideField
            choice={deposit}
            onChange={setDeposit}
            baseCents={figures.baseCents}
            showProblem={tried}
          />
          <section className="quote-editor__preview" aria-label="Preview">
            <H5>Preview: what the customer reads</H5>
            <ul>
              {lines.map((l, i) => (
                <li key={i}>
                  {l.service || 'Unnamed service'}
                  {l.areaSqFt ? ` · ${l.areaSqFt} sq ft × $${l.unitPrice || '?'}` : ''}:{' '}
                  {figures.amounts[i] === null ? '—' : formatCents(figures.amounts[i]!)}
                </li>
              ))}
              {addOns.map((a, i) => (
                <li key={`a${i}`}>
                  ☐ {a.service || 'Unnamed add-on'} (optional): +${a.amount || '?'}
                </li>
              ))}
            </ul>
            <p>
              Total <strong>{formatCents(figures.baseCents)}</strong>
              {addOns.length > 0 && <> ({formatCents(figures.withAddOns)} with every add-on)</>}
              {validUntil && <> · valid until {validUntil}</>}
            </p>
          </section>
          {tried && figures.problem && (
            <Callout intent={Intent.WARNING} role="alert">
              {figures.problem}
            </Callout>
          )}
          {problem !== null && (
            <Callout intent={Intent.DANGER} role="alert">
              {problemMessage(problem)}
            </Callout>
          )}
          <H5>Quotes sent</H5>
          {quotes.isPending ? (
            <Spinner size={20} />
          ) : quotes.isError ? (
            <Callout intent={Intent.DANGER}>{problemMessage(quotes.error)}</Callout>
          ) : quotes.data.quotes.length === 0 ? (
            <NonIdealState title="No quote sent yet" />
          ) : (
            quotes.data.quotes.map((q) => <LeadQuoteCard key={q.id} quote={q} />)
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Close" onClick={onClose} />
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                icon="send-message"
                text="Send quote"
                loading={send.isPending}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}

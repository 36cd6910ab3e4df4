import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  Switch,
  TextArea,
} from '@blueprintjs/core';
import {
  FAQ_CATEGORY_OPTIONS,
  faqEntryInputSchema,
  type FaqCategory,
  type FaqEntry,
} from '@washdesk/contract';
import { createFaqEntry, updateFaqEntry } from './faq.queries.ts';
import { refusedFields, useFaqChange } from './use-faq-change.ts';

interface FaqEntryDialogProps {
  /** The entry being edited; null adds a new one. */
  entry: FaqEntry | null;
  isOpen: boolean;
  onClose: () => void;
}

export function FaqEntryDialog({ entry, isOpen, onClose }: FaqEntryDialogProps) {
  return (
    <Dialog
      title={entry ? 'Edit FAQ Entry' : 'Add FAQ Entry'}
      icon={entry ? 'edit' : 'add'}
      isOpen={isOpen}
      onClose={onClose}
      className="faq-dialog"
    >
      {/* Mounted only while open, so every opening starts from the entry as stored. */}
      {isOpen && <FaqEntryForm entry={entry} onClose={onClose} />}
    </Dialog>
  );
}

interface Form {
  question: string;
  answer: string;
  category: FaqCategory;
  isActive: boolean;
}
type Problems = Partial<Record<keyof Form, string>>;

function FaqEntryForm({ entry, onClose }: { entry: FaqEntry | null; onClose: () => void }) {
  // Spec 4/5: a new entry is active by default; no category is required, so General is preselected.
  const [form, setForm] = useState<Form>({
    question: entry?.question ?? '',
    answer: entry?.answer ?? '',
    category: entry?.category ?? 'General',
    isActive: entry?.isActive ?? true,
  });
  const [problems, setProblems] = useState<Problems>({});
  const create = useFaqChange('create', createFaqEntry, onClose);
  const update = useFaqChange('update', (api, input: Form) => updateFaqEntry(api, entry!.id, input), onClose);
  const save = entry ? update : create;

  const edit = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The browser's own required check runs first (spec 5); the contract's schema also refuses
    // a question or answer of spaces only, as the server would.
    const parsed = faqEntryInputSchema.safeParse(form);
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof Form] ??= issue.message;
      setProblems(found);
      return;
    }
    save.mutate(parsed.data as Form, { onError: (error) => setProblems(refusedFields(error)) });
  };

  const intentOf = (field: keyof Form) => (problems[field] ? Intent.DANGER : Intent.NONE);

  return (
    <form onSubmit={submit}>
      <DialogBody>
        <FormGroup
          label="Question"
          labelFor="faq-question"
          intent={intentOf('question')}
          helperText={problems.question}
        >
          <InputGroup
            id="faq-question"
            required
            autoFocus
            value={form.question}
            onValueChange={(value) => edit('question', value)}
            intent={intentOf('question')}
          />
        </FormGroup>
        <FormGroup
          label="Answer"
          labelFor="faq-answer"
          intent={intentOf('answer')}
          helperText={problems.answer}
        >
          <TextArea
            id="faq-answer"
            required
            rows={4}
            fill
            value={form.answer}
            onChange={(event) => edit('answer', event.currentTarget.value)}
            intent={intentOf('answer')}
          />
        </FormGroup>
        <FormGroup
          label="Category"
          labelFor="faq-category"
          intent={intentOf('category')}
          helperText={problems.category}
        >
          <HTMLSelect
            id="faq-category"
            options={FAQ_CATEGORY_OPTIONS}
            value={form.category}
            onChange={(event) => edit('category', event.currentTarget.value as FaqCategory)}
            fill
          />
        </FormGroup>
        <FormGroup helperText="Only active entries are used by the AI assistant.">
          <Switch
            label="Active"
            checked={form.isActive}
            onChange={(event) => edit('isActive', event.currentTarget.checked)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              text={entry ? 'Save Changes' : 'Add Entry'}
              loading={save.isPending}
            />
          </>
        }
      />
    </form>
  );
}

import {
  Button,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Intent,
  NonIdealState,
  ProgressBar,
  Spinner,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { problemMessage } from '../api/problem-message.ts';
import { formatCount } from './ai-response-figures.ts';
import { aiResponseQueries } from './ai-responses.queries.ts';
import { intentLabel } from './intent-labels.ts';

interface AnalyzePatternsDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** "Analyze Patterns": what customers ask about, as counted by the server over the whole log. */
export function AnalyzePatternsDialog({ isOpen, onClose }: AnalyzePatternsDialogProps) {
  return (
    <Dialog title="Response patterns" icon="pie-chart" isOpen={isOpen} onClose={onClose}>
      {/* Mounted only while open, so each opening counts the log as it is now. */}
      {isOpen && <IntentBreakdown />}
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </Dialog>
  );
}

function IntentBreakdown() {
  const api = useApi();
  const intents = useQuery({ ...aiResponseQueries.intents(api), staleTime: 0 });
  if (intents.isPending) return <DialogBody>{<Spinner aria-label="Counting intents" />}</DialogBody>;
  if (intents.isError) {
    return (
      <DialogBody>
        <NonIdealState
          icon="error"
          title="The patterns could not be computed"
          description={problemMessage(intents.error)}
        />
      </DialogBody>
    );
  }
  if (intents.data.length === 0) {
    return (
      <DialogBody>
        <NonIdealState
          icon="chart"
          title="No AI responses yet"
          description="Patterns appear once the assistant has answered customers."
        />
      </DialogBody>
    );
  }
  const total = intents.data.reduce((sum, row) => sum + row.count, 0);
  return (
    <DialogBody>
      <p className={Classes.TEXT_MUTED}>
        What customers asked about, over all {formatCount(total)} logged answers.
      </p>
      <HTMLTable className="intent-breakdown" aria-label="Intents" compact>
        <thead>
          <tr>
            <th>Intent</th>
            <th>Responses</th>
            <th>Share</th>
            <th aria-hidden />
          </tr>
        </thead>
        <tbody>
          {intents.data.map((row) => (
            <tr key={row.intent}>
              <td>{intentLabel(row.intent)}</td>
              <td>{formatCount(row.count)}</td>
              <td>{row.share}%</td>
              <td className="intent-breakdown__bar" aria-hidden>
                <ProgressBar
                  value={row.share / 100}
                  stripes={false}
                  animate={false}
                  intent={Intent.PRIMARY}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </DialogBody>
  );
}

import type { PhotoAnalysis } from '@washdesk/contract';

// The seam between the quote service and whoever looks at the photos (OpenAI, or the local
// price-list estimator). The service only sees this interface, so providers are chosen by config.

export interface AnalysisInput {
  photos: Buffer[];
  serviceType: string | null;
  notes: string | null;
}

export interface PhotoAnalyzer {
  readonly provider: 'openai' | 'local-estimate';
  readonly model: string | null;
  /** Resolves with a validated analysis or rejects with AnalysisFailure; must settle before `deadline` (epoch ms). */
  analyze(input: AnalysisInput, deadline: number): Promise<PhotoAnalysis>;
}

export type AnalysisFailureReason =
  | 'timeout'
  | 'quota'
  | 'rate_limited'
  | 'server_error'
  | 'refusal'
  | 'malformed'
  | 'out_of_range'
  | 'network';

/** Why an analysis gave no usable answer; the quote service stores `reason` as the fallback reason. */
export class AnalysisFailure extends Error {
  constructor(
    readonly reason: AnalysisFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'AnalysisFailure';
  }
}

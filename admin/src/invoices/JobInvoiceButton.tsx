import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../api/api-context.tsx';
import { showProblemToast } from '../toaster.ts';
import { InvoiceDialog } from './InvoiceDialog.tsx';
import { createInvoice, invoicesKey } from './invoices.queries.ts';

/**
 * "Invoice" on a done job (the board's card): opens the job's invoice, making it first if marking
 * the job done did not (the server makes one per job whatever is pressed twice).
 */
export function JobInvoiceButton({ jobId, customerName }: { jobId: number; customerName: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [openId, setOpenId] = useState<number | null>(null);
  const open = useMutation({
    mutationFn: () => createInvoice(api, jobId),
    onSuccess: (invoice) => {
      setOpenId(invoice.id);
      return queryClient.invalidateQueries({ queryKey: invoicesKey });
    },
    onError: showProblemToast,
  });
  return (
    <>
      <Button
        size="small"
        variant="minimal"
        icon="document"
        aria-label={`Invoice: ${customerName}`}
        loading={open.isPending}
        onClick={() => open.mutate()}
      />
      {openId !== null && <InvoiceDialog id={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}

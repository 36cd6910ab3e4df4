import { NonIdealState } from '@blueprintjs/core';
import { NOT_FOUND_TEXT } from '@washdesk/contract';
import { Link } from 'react-router';

export function NotFoundScreen() {
  return (
    <NonIdealState icon="search" title={NOT_FOUND_TEXT} action={<Link to="/">Back to the dashboard</Link>} />
  );
}

import { Button, Card, H4 } from '@blueprintjs/core';
import { useNavigate } from 'react-router';

/** Quick Actions (spec: Dashboard): each goes where the work is. */
export function QuickActions({ onGenerateReports }: { onGenerateReports: () => void }) {
  const navigate = useNavigate();
  return (
    <Card className="dashboard-card" role="region" aria-label="Quick Actions">
      <H4>Quick Actions</H4>
      <div className="quick-actions">
        <Button
          icon="camera"
          text="Review Photo Submissions"
          alignText="start"
          fill
          onClick={() => void navigate('/photo-submissions')}
        />
        <Button
          icon="calendar"
          text="Schedule Estimates"
          alignText="start"
          fill
          onClick={() => void navigate('/appointment-scheduling')}
        />
        <Button icon="th" text="Generate Reports" alignText="start" fill onClick={onGenerateReports} />
      </div>
    </Card>
  );
}

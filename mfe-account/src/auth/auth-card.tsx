import './auth.css';
import type { ReactNode } from 'react';
import { Card } from '@agentdock/ui';

/** The centred card every authentication page sits in. */
export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="acc-auth">
      <Card className="acc-auth__card">
        <h1 className="acc-auth__title">{title}</h1>
        {lead && <p className="ad-muted">{lead}</p>}
        {children}
      </Card>
    </div>
  );
}

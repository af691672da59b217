import './auth.css';
import { forwardRef, type ReactNode } from 'react';
import { Card } from '@agentdock/ui';

interface AuthCardProps {
  /** The page's h1; omitted when the view inside brings its own (a sub-view of /signin). */
  title?: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The centred card every authentication page sits in. */
export const AuthCard = forwardRef<HTMLDivElement, AuthCardProps>(function AuthCard({ title, lead, children }, ref) {
  return (
    <div className="acc-auth" ref={ref}>
      <Card className="acc-auth__card">
        {title && <h1 className="acc-auth__title">{title}</h1>}
        {lead && <p className="ad-muted">{lead}</p>}
        {children}
      </Card>
    </div>
  );
});

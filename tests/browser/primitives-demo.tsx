/** A page of every primitive, used by the primitive tests (behaviour + axe in light and dark). */
import { useRef, useState } from 'react';
import { Alert } from '../../src/ui/Alert.tsx';
import { Amount } from '../../src/ui/Amount.tsx';
import { Button } from '../../src/ui/Button.tsx';
import { Card } from '../../src/ui/Card.tsx';
import { useToast } from '../../src/ui/context.tsx';
import { Dialog } from '../../src/ui/Dialog.tsx';
import { Container, Grid, Stack } from '../../src/ui/Layout.tsx';
import { Link } from '../../src/ui/Link.tsx';
import { MenuButton } from '../../src/ui/Menu.tsx';
import { Select } from '../../src/ui/Select.tsx';
import { Skeleton } from '../../src/ui/Skeleton.tsx';
import { Spinner } from '../../src/ui/Spinner.tsx';
import { StatusChip } from '../../src/ui/StatusChip.tsx';
import { TextField } from '../../src/ui/TextField.tsx';
import { VisuallyHidden } from '../../src/ui/VisuallyHidden.tsx';
import { BELOW_MD } from '../../src/core/layout.ts';
import { useMediaQuery } from '../../src/ui/responsive.ts';

export function PrimitivesDemo({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  const [closedBy, setClosedBy] = useState('');
  const [pending, setPending] = useState(false);
  const [clicks, setClicks] = useState(0);
  const [email, setEmail] = useState('');
  const toast = useToast();
  const nameRef = useRef<HTMLInputElement>(null);
  const mobile = useMediaQuery(BELOW_MD);
  return (
    <Container>
      <main>
        <h1>Primitives</h1>
        <Stack gap={16}>
          <Stack direction="row" gap={8} wrap>
            <Button data-testid="primary" onClick={() => setClicks((n) => n + 1)} pending={pending}>
              Pay now
            </Button>
            <Button variant="secondary" onClick={() => setPending((p) => !p)} data-testid="toggle-pending">
              Toggle pending
            </Button>
            <Button variant="text">Text</Button>
            <Button variant="danger">Delete</Button>
            <Button variant="secondary" size="sm" data-testid="open-dialog" onClick={() => setOpen(true)}>
              Open dialog
            </Button>
            <span data-testid="clicks">{clicks}</span>
            <span data-testid="closed-by">{closedBy}</span>
            <span data-testid="mobile">{String(mobile)}</span>
          </Stack>
          <Stack direction="row" gap={8} wrap>
            <StatusChip tone="success">Paid</StatusChip>
            <StatusChip tone="secondary">Open</StatusChip>
            <StatusChip tone="warning">Uncollectible</StatusChip>
            <StatusChip tone="default">Draft</StatusChip>
            <StatusChip tone="error">Failed</StatusChip>
            <StatusChip tone="info">In review</StatusChip>
          </Stack>
          <Alert tone="info" title="Heads up">
            Informational message.
          </Alert>
          <Alert tone="success">Saved.</Alert>
          <Alert tone="warning" title="Careful">
            Check the amount.
          </Alert>
          <Alert
            tone="error"
            title="Payment failed"
            action={
              <Button size="sm" variant="secondary">
                Retry
              </Button>
            }
          >
            The card was declined.
          </Alert>
          <Grid min={220}>
            <Card title="Total" as="section" headingLevel={2}>
              <Amount amount="123456789" decimals={2} symbol="USD" strong />
            </Card>
            <Card title="Links" headingLevel={2}>
              <Stack gap={4}>
                <Link href="/customer">Internal link</Link>
                <Link href="https://example.com/docs">External link</Link>
                <Link href="javascript:alert(1)">Unsafe link</Link>
              </Stack>
            </Card>
          </Grid>
          <form onSubmit={(e) => e.preventDefault()} noValidate>
            <Stack gap={12}>
              <TextField ref={nameRef} label="Name" required hint="As on your card" name="name" />
              <TextField
                label="Email"
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={email && !email.includes('@') ? 'Enter a valid email' : undefined}
                data-testid="email"
              />
              <Select
                label="Country"
                options={[
                  { value: 'us', label: 'United States' },
                  { value: 'cn', label: 'China' },
                ]}
                defaultValue="us"
              />
            </Stack>
          </form>
          <MenuButton
            label="Actions"
            items={[
              { key: 'a', label: 'Archive', onSelect: () => toast.show({ message: 'Archived', tone: 'success' }) },
              { key: 'b', label: 'Docs', href: 'https://example.com' },
              {
                key: 'c',
                label: 'Delete',
                tone: 'danger',
                onSelect: () => toast.show({ message: 'Failed to delete', tone: 'error' }),
              },
            ]}
          />
          <Skeleton lines={3} delay={0} />
          <Spinner label="Loading data" />
          <VisuallyHidden>Only for screen readers</VisuallyHidden>
        </Stack>
      </main>
      <Dialog
        open={open}
        onClose={(reason) => {
          setClosedBy(reason);
          setOpen(false);
        }}
        title="Confirm payment"
        dismissible={dismissible}
        actions={
          <>
            <Button variant="secondary" data-testid="dialog-cancel" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button data-testid="dialog-confirm" onClick={() => setOpen(false)}>
              Confirm
            </Button>
          </>
        }
      >
        <p>Pay 12.00 USD now?</p>
        <TextField label="Note" data-testid="dialog-note" />
      </Dialog>
    </Container>
  );
}

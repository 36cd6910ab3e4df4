import { useEffect, useState, type FormEvent } from 'react';
import logo from '../../../resources/washdesk-icon.svg';
import type { ConnectionState, DesktopBridge, ServerCheck } from '../shared/desktop-bridge.ts';

type Found = Extract<ServerCheck, { ok: true }>;

/**
 * "Connect to your Washdesk server": the address is checked (its /api/health and the business
 * name) before it is saved; when the saved server does not answer, a Retry screen says so.
 */
export function ConnectScreen({ desktop }: { desktop: DesktopBridge }) {
  const [state, setState] = useState<ConnectionState | null>(null);
  const [choosing, setChoosing] = useState(false);
  useEffect(() => {
    void desktop.connectionState().then((s) => {
      setState(s);
      setChoosing(s.reason !== 'unreachable');
    });
  }, [desktop]);
  if (!state) return <main className="connect" aria-busy="true" />;
  return (
    <main className="connect">
      <img className="connect__logo" src={logo} alt="" width="64" height="64" />
      {choosing ? (
        <ServerForm desktop={desktop} state={state} />
      ) : (
        <Unreachable desktop={desktop} state={state} onChooseAnother={() => setChoosing(true)} />
      )}
    </main>
  );
}

function Unreachable({
  desktop,
  state,
  onChooseAnother,
}: {
  desktop: DesktopBridge;
  state: ConnectionState;
  onChooseAnother: () => void;
}) {
  const [problem, setProblem] = useState(state.problem);
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    const result = await desktop.connect(state.serverUrl ?? '');
    // On success main opens the admin in this window; otherwise say what is wrong now.
    if (!result.ok) setProblem(result.message);
    setRetrying(false);
  };
  return (
    <section aria-labelledby="unreachable-title">
      <h1 id="unreachable-title">Cannot reach your Washdesk server</h1>
      <p role="alert">{problem}</p>
      <p className="connect__hint">
        Check this computer's connection, or ask whoever runs the server whether it is up.
      </p>
      <div className="connect__actions">
        <button type="button" className="connect__primary" onClick={() => void retry()} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Retry'}
        </button>
        {!state.setByEnvironment && (
          <button type="button" onClick={onChooseAnother} disabled={retrying}>
            Use a different server
          </button>
        )}
      </div>
    </section>
  );
}

function ServerForm({ desktop, state }: { desktop: DesktopBridge; state: ConnectionState }) {
  const [address, setAddress] = useState(state.serverUrl ?? '');
  const [busy, setBusy] = useState<'checking' | 'connecting' | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('checking');
    setFound(null);
    setProblem(null);
    const result = await desktop.checkServer(address);
    setBusy(null);
    if (result.ok) setFound(result);
    else setProblem(result.message);
  };
  const connect = async (server: Found) => {
    setBusy('connecting');
    const result = await desktop.connect(server.serverUrl);
    if (!result.ok) {
      setFound(null);
      setProblem(result.message);
    }
    setBusy(null);
  };

  return (
    <section aria-labelledby="connect-title">
      <h1 id="connect-title">Connect to your Washdesk server</h1>
      {state.setByEnvironment ? (
        <p>WASHDESK_SERVER_URL sets the server on this computer: {state.serverUrl}</p>
      ) : (
        <form onSubmit={(e) => void check(e)} noValidate>
          <label htmlFor="server-address">Server address</label>
          <input
            id="server-address"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://washdesk.example.com"
            value={address}
            onChange={(e) => {
              setAddress(e.target.value);
              // A result belongs to the address it was checked for, never to the one now typed.
              setFound(null);
              setProblem(null);
            }}
            disabled={busy !== null}
            autoFocus
          />
          <p className="connect__hint">The address your business's Washdesk answers at, as in the browser.</p>
          <button
            type="submit"
            className={found ? undefined : 'connect__primary'}
            disabled={busy !== null || !address.trim()}
          >
            {busy === 'checking' ? 'Checking…' : 'Check server'}
          </button>
        </form>
      )}
      {problem && (
        <p role="alert" className="connect__problem">
          {problem}
        </p>
      )}
      {found && (
        <div className="connect__found" role="status">
          <p>
            Found <strong>{found.businessName}</strong> at {found.serverUrl} (Washdesk {found.version}).
          </p>
          <button
            type="button"
            className="connect__primary"
            onClick={() => void connect(found)}
            disabled={busy !== null}
          >
            {busy === 'connecting' ? 'Connecting…' : `Connect to ${found.businessName}`}
          </button>
        </div>
      )}
    </section>
  );
}

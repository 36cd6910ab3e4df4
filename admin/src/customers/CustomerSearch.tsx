import { useEffect, useState } from 'react';
import { Button, ButtonVariant, MenuItem, Spinner } from '@blueprintjs/core';
import { Omnibar, type ItemRenderer } from '@blueprintjs/select';
import { useQuery } from '@tanstack/react-query';
import { customerPagePath, ADMIN_BASE, type CustomerSummary } from '@washdesk/contract';
import { useNavigate } from 'react-router';
import { useApi } from '../api/api-context.tsx';
import { useDebounced } from '../appointments/use-debounced.ts';
import { customerLabel, customerQueries, holdingsOf } from './customers.queries.ts';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import './customers.css';

const renderCustomer: ItemRenderer<CustomerSummary> = (c, { handleClick, handleFocus, modifiers }) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      key={c.id}
      active={modifiers.active}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
      icon="person"
      text={
        <span className="customer-omnibar__result">
          <strong>{customerLabel(c)}</strong>
          <span>{[c.phone, c.email, c.address].filter(Boolean).join(' · ')}</span>
          {/* Why a search for another name found this record. */}
          {c.otherNames.length > 0 && <span>Also known as {c.otherNames.join(', ')}</span>}
        </span>
      }
      label={holdingsOf(c)}
    />
  ) : null;

/**
 * The admin's search (Ctrl+K or Cmd+K anywhere, or the sidebar's button): any customer by name,
 * phone in any format, e-mail or address, across every channel; Enter opens their timeline.
 */
export function CustomerSearch() {
  const api = useApi();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const settled = useDebounced(query, 200);
  const found = useQuery(customerQueries.search(api, settled));
  useEffect(() => {
    const open = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', open);
    return () => window.removeEventListener('keydown', open);
  }, []);
  const waiting = query.trim() !== '' && (query !== settled || found.isFetching);
  const items = settled.trim() ? (found.data?.items ?? []) : [];
  return (
    <>
      <Button
        icon="search"
        text="Search customers"
        variant={ButtonVariant.MINIMAL}
        fill
        alignText="start"
        endIcon={<kbd className="customer-search__key">Ctrl K</kbd>}
        onClick={() => setOpen(true)}
      />
      <Omnibar<CustomerSummary>
        isOpen={isOpen}
        items={items}
        itemRenderer={renderCustomer}
        itemsEqual="id"
        query={query}
        onQueryChange={setQuery}
        // The server already searched; every result it sent is shown.
        itemListPredicate={(_q, all) => all}
        onItemSelect={(c) => {
          setOpen(false);
          setQuery('');
          void navigate(customerPagePath(c.id).slice(ADMIN_BASE.length));
        }}
        // Closing forgets the search: the next Ctrl+K opens empty rather than adding to the old words.
        onClose={() => {
          setOpen(false);
          setQuery('');
        }}
        inputProps={{ 'aria-label': 'Search customers', placeholder: 'Name, phone, e-mail or address' }}
        initialContent={
          <MenuItem disabled text="Type a name, phone number, e-mail or address" roleStructure="listoption" />
        }
        noResults={
          waiting ? (
            <MenuItem disabled icon={<Spinner size={16} />} text="Searching…" roleStructure="listoption" />
          ) : (
            <MenuItem disabled text={`No customer matches "${settled.trim()}"`} roleStructure="listoption" />
          )
        }
      />
    </>
  );
}

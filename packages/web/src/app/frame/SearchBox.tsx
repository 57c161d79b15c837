import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import classes from './TopBar.module.css';

/** Global search (spec section 2 "Search"): Enter opens /Search/{text}. */
export function SearchBox({ width }: { width?: number | string }) {
  const [text, setText] = useState('');
  const navigate = useNavigate();

  return (
    <search style={{ width }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const search = text.trim();
          if (search) navigate(`/Search/${encodeURIComponent(search)}`);
        }}
      >
        <TextInput
          className={classes.search}
          aria-label="Search"
          placeholder="Search"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          type="search"
        />
      </form>
    </search>
  );
}

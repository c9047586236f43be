import type { PayloadActionCreator } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch } from '../../store/hooks';

/** Says when a part of the shell comes on screen and when it goes, so that its saga keeps it fresh meanwhile. */
export function useShownEvents(shown: PayloadActionCreator, hidden: PayloadActionCreator) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(shown());
    return () => {
      dispatch(hidden());
    };
  }, [dispatch, shown, hidden]);
}

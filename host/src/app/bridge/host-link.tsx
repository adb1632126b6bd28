import { Link as RouterLink } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import type { BridgeLinkProps } from '@member/shared-core';
import { prefixAtom } from '../../core/base/boot-state';
import { withPrefix } from '../../core/base/with-prefix';

export function HostLink({ to, children, ...rest }: BridgeLinkProps) {
  const prefix = useAtomValue(prefixAtom);
  return (
    <RouterLink to={withPrefix(to, prefix)} {...rest}>
      {children}
    </RouterLink>
  );
}

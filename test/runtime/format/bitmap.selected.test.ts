/** runtime/format/bitmap.ts gives the native implementation, and the portable one in the vitest project `portable`. */
import { describe, expect, it } from 'vitest';
import * as selected from '../../../runtime/format/bitmap.ts';
import { native, portable } from '../../helpers/bitmap/both.ts';

describe('the selected bitmap implementation', () => {
  it('is the one the vitest project names', ({ task }) => {
    const project = task.file.projectName;
    expect(['native', 'portable']).toContain(project);
    expect(selected.emptyBitmap).toBe(project === 'portable' ? portable.emptyBitmap : native.emptyBitmap);
    expect(selected.emptyBitmap).not.toBe(project === 'portable' ? native.emptyBitmap : portable.emptyBitmap);
  });
});

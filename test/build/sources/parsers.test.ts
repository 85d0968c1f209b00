import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../build/sources/csv.ts';
import { parseDish } from '../../../build/sources/howtocook.ts';
import { listItems, parseMarkdown } from '../../../build/sources/markdown.ts';
import { parseBody } from '../../../build/sources/public-domain-recipes.ts';
import { parsePythonStringList } from '../../../build/sources/python-list.ts';

describe('source parsers', () => {
  it('reads quoted CSV fields with commas, doubled quotes and newlines', () => {
    expect(parseCsv('a,b\n"x, y","say ""hi""\nthere"\n')).toEqual([['a', 'b'], ['x, y', 'say "hi"\nthere']]);
  });

  it('reads a Python list literal of strings with both quote styles and escapes', () => {
    expect(parsePythonStringList(`['1/2 cup nuts (2 oz)', "Bob's flour", 'it\\'s']`)).toEqual(['1/2 cup nuts (2 oz)', "Bob's flour", "it's"]);
    expect(parsePythonStringList('[]')).toEqual([]);
  });

  it('reads bullet and numbered list items with continuation lines', () => {
    expect(listItems(['- one', '  more', '2. two', '', 'para', '* three'])).toEqual(['one more', 'two', 'three']);
  });

  it('splits markdown into title, preamble and ## sections', () => {
    const doc = parseMarkdown('# T\n\nintro\n\n## A\n- x\n## B\n1. y\n');
    expect(doc.title).toBe('T');
    expect(doc.sections.map((s) => s.heading)).toEqual(['A', 'B']);
  });

  it('reads a howtocook dish: description, calorie estimate, tools, quantities and steps', () => {
    const md = '# 咖喱炒蟹的做法\n\n介绍。\n\n预估烹饪难度：★★★★\n\n预估卡路里：815 大卡\n\n## 必备原料和工具\n\n- 青蟹\n- 炒锅\n\n## 计算\n\n总量：\n\n- 肉蟹 1 只 * 份数\n\n## 操作\n\n1. 切蟹\n2. 出锅\n\n## 附加内容\n\n- 参考\n';
    const dish = parseDish(md);
    expect(dish).toMatchObject({ description: '介绍。', kcal: 815, tools: ['青蟹', '炒锅'], ingredientLines: ['肉蟹 1 只 * 份数'], steps: ['切蟹', '出锅'] });
  });

  it('reads a public-domain-recipes body with its time and servings bullets', () => {
    const md = '---\ntitle: X\n---\n\nQuick.\n\n![x](/pix/x.webp)\n\n- ⏲️ Prep time: 10 min\n- 🍳 Cook time: 8 min\n- 🍽️ Servings: 2\n\n## Ingredients\n\n- 2 zucchinis\n\n## Directions\n\n1. Chop\n';
    expect(parseBody(md)).toMatchObject({
      description: 'Quick.',
      meta: { prep: '10 min', cook: '8 min', servings: '2' },
      ingredients: ['2 zucchinis'],
      directions: ['Chop'],
      images: ['/pix/x.webp'],
    });
  });
});

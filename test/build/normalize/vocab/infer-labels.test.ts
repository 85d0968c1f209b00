/** The keyword and source rules of courses and cuisines (issue 21 item 3; build/normalize/vocab/infer-labels.ts): features of the label model, and HowToCook's source rule. */
import { describe, expect, it } from 'vitest';
import rules from '../../../../dataset/vocab/label-rules.json' with { type: 'json' };
import { inferLabels, type LabelEvidence } from '../../../../build/normalize/vocab/infer-labels.ts';

const recipe = (title: string, more: Partial<LabelEvidence> = {}): LabelEvidence => ({ title, language: 'en', tags: [], categories: [], source: 'jsonld', ...more });

describe('inferring courses and cuisines', () => {
  it('reads a dessert or a drink off the title, in the recipe language too, compounds included', () => {
    expect(inferLabels('courses', recipe('Sour Cherry Cheesecake'), true)).toEqual({ labels: ['dessert'], origin: 'title' });
    expect(inferLabels('courses', recipe('Classic Margarita'), true)).toEqual({ labels: ['drink'], origin: 'title' });
    expect(inferLabels('courses', recipe('Schokoladenkuchen mit Kirschen', { language: 'de' }), true).labels).toEqual(['dessert']);
    expect(inferLabels('courses', recipe('戚风蛋糕', { language: 'zh' }), true).labels).toEqual(['dessert']);
  });

  it('ignores a keyword inside a phrase that means something else', () => {
    expect(inferLabels('courses', recipe('Maryland Crab Cakes'), true).labels).toEqual([]);
    expect(inferLabels('cuisines', recipe('French Toast with Berries'), true).labels).toEqual([]);
    expect(inferLabels('courses', recipe('Grove pannekaker', { language: 'no' }), true).labels).toEqual([]);
  });

  it('reads tags and categories when the title says nothing', () => {
    expect(inferLabels('courses', recipe('Grandma Rose', { tags: ['cake', 'sweet'] }), true)).toEqual({ labels: ['dessert'], origin: 'tags' });
  });

  it("labels HowToCook's Chinese dishes chinese by the source, not its foreign or generic ones", () => {
    const htc = (title: string) => inferLabels('cuisines', recipe(title, { language: 'zh', source: 'howtocook', categories: ['meat-dish'] }));
    expect(htc('宫保鸡丁')).toEqual({ labels: ['chinese'], origin: 'source' });
    expect(htc('意式肉酱面').labels).toEqual([]);
    expect(htc('日式咖喱饭').labels).toEqual([]);
    expect(inferLabels('cuisines', recipe('冬瓜茶', { language: 'zh', source: 'howtocook', categories: ['drink'] })).labels).toEqual([]);
  });

  it('labels nothing by a keyword alone: keywords are features of the label model, only the source rule ships', () => {
    expect(inferLabels('courses', recipe('Sour Cherry Cheesecake')).labels).toEqual([]);
    expect(inferLabels('cuisines', recipe('Beef Lasagna', { tags: ['italian'] })).labels).toEqual([]);
    expect(inferLabels('cuisines', recipe('Beef Lasagna'), true).labels).toEqual(['italian']);
    expect(rules.ship).toMatchObject({ courses: [], cuisines: ['chinese (source)'] });
  });

  it('ships only label-origin pairs of the vocabularies, each from a rule of the file', () => {
    for (const field of ['courses', 'cuisines'] as const) {
      for (const pair of rules.ship[field]) {
        const m = /^([a-z-]+) \((title|tags|source)\)$/.exec(pair);
        expect(m, pair).not.toBeNull();
        const label = m![1]!;
        const inRules = label in rules[field].title || Object.values(rules.sources).some((s) => (s as Record<string, unknown>)[field] && ((s as Record<string, string[]>)[field] ?? []).includes(label));
        expect(inRules, pair).toBe(true);
      }
    }
  });
});

"""The one place that knows the domain's ability model: grammar results -> app.domain.card."""

from __future__ import annotations

from typing import TypedDict, assert_never

from app.catalog.compile import ir
from app.domain import card as d
from app.domain import continuous as c613
from app.domain import filters as f
from app.domain import mana_abilities as ma
from app.domain import quantities as q
from app.domain.abilities import CopyEffect
from app.domain.cast_bans import CastersPermanents, CastersTurns


def selector(sel: ir.Sel) -> d.Selector:
    if sel.attached:
        # The attached permanent is the one; its card type is already implied by the Aura.
        return d.Selector(relation="attached", subtypes=list(sel.subtypes), where=where(sel))
    return d.Selector(
        controller=sel.controller,
        types=list(sel.types),  # type: ignore[arg-type]
        subtypes=list(sel.subtypes),
        nonbasic=sel.nonbasic,
        where=where(sel),
    )


def where(sel: ir.Sel) -> f.AnyFilter | None:
    """The selector's further conditions as one filter (all of them), None when it has none."""
    parts: list[f.Term | f.AnyOf] = []
    if sel.other:
        parts.append(f.IsOther())
    if sel.source:
        parts.append(f.Not(filter=f.IsOther()))  # not any other permanent: the source itself
    if sel.basic:
        parts.append(f.IsBasic())
    parts.extend(f.HasSupertype(supertype=s) for s in sel.supertypes)
    parts.extend(f.Not(filter=f.HasType(type=t)) for t in sel.not_types)  # type: ignore[arg-type]
    parts.extend(f.Not(filter=f.HasSubtype(subtype=t)) for t in sel.not_subtypes)
    if sel.token is not None:
        parts.append(f.IsToken() if sel.token else f.Not(filter=f.IsToken()))
    if sel.tapped is not None:
        parts.append(f.IsTapped() if sel.tapped else f.Not(filter=f.IsTapped()))
    if sel.counters is not None:
        parts.append(f.HasCounters(counter=sel.counters[0], at_least=sel.counters[1]))
    if sel.either:
        parts.append(
            f.AnyOf(
                of=[
                    f.HasType(type=w) if kind == "type" else f.HasSubtype(subtype=w)  # type: ignore[arg-type]
                    for kind, w in sel.either
                ]
            )
        )
    if sel.monocolored:
        parts.append(f.IsMonocolored())
    if sel.multicolored:
        parts.extend(f.MULTICOLORED)  # 105.2b
    parts.extend(f.HasKeyword(keyword=k) for k in sel.keywords)
    if sel.equipped:
        parts.append(f.IsEquipped())
    if sel.color:
        parts.append(f.HasColor(color=sel.color))  # type: ignore[arg-type]
    elif sel.color is not None:
        parts.extend(f.Not(filter=f.HasColor(color=c)) for c in _COLORS)  # type: ignore[arg-type]
    if sel.named is not None:
        parts.append(f.HasName(name=sel.named))
    if sel.condition_types:
        types = [f.HasType(type=t) for t in sel.condition_types]  # type: ignore[arg-type]
        parts.append(types[0] if len(types) == 1 else f.AnyOf(of=list(types)))
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else f.AllOf(of=parts)


_COLORS = ("W", "U", "B", "R", "G")


def spells(s: ir.Spells) -> d.SpellSelector:
    """Which spells a spell cost change applies to: its caster and types, subtypes as the
    selector's any-of fields; supertypes, card types it lacks, colors, keywords, a mana value
    and the rest as its `where`."""
    parts: list[f.Term | f.AnyOf] = []
    parts.extend(f.HasSupertype(supertype=t) for t in s.supertypes)
    parts.extend(f.Not(filter=f.HasType(type=t)) for t in s.not_types)  # type: ignore[arg-type]
    parts.extend(f.Not(filter=f.HasSubtype(subtype=t)) for t in s.not_subtypes)
    colors = [f.HasColor(color=c) for c in s.colors]  # type: ignore[arg-type]
    if colors:
        parts.append(colors[0] if len(colors) == 1 else f.AnyOf(of=list(colors)))
    if s.colorless:
        # 105.2c: a colorless object has no color.
        parts.extend(f.Not(filter=f.HasColor(color=c)) for c in _COLORS)  # type: ignore[arg-type]
    if s.multicolored:
        parts.extend(f.MULTICOLORED)  # 105.2b
    if s.historic:
        parts.append(f.HISTORIC)  # 700.6
    parts.extend(f.HasKeyword(keyword=k) for k in s.keywords)
    if s.mana_value is not None:
        parts.append(f.HasManaValue(at_least=s.mana_value[0], at_most=s.mana_value[1]))
    if s.parity is not None:
        parts.append(f.HasManaValue(parity=s.parity))
    if s.x_in_mana_cost:
        parts.append(f.HasXInManaCost())
    where: f.AnyFilter | None = None
    if parts:
        where = parts[0] if len(parts) == 1 else f.AllOf(of=parts)
    return d.SpellSelector(
        controller=s.controller,
        types=list(s.types),  # type: ignore[arg-type]
        subtypes=list(s.subtypes),
        where=where,
    )


class _Chosen(TypedDict):
    """The fields of an ability about spells (d.ChosenSpells) that say what its permanent
    knows names them."""

    to_chosen_name: bool
    of_chosen_type: bool
    of_chosen_color: bool
    named_as_exiled: bool
    of_chosen_card_type: bool
    of_chosen_number: bool


def _chosen(chosen: frozenset[ir.Known]) -> _Chosen:
    return _Chosen(
        to_chosen_name="name" in chosen,
        of_chosen_type="type" in chosen,
        of_chosen_color="color" in chosen,
        named_as_exiled="exiled" in chosen,
        of_chosen_card_type="card_type" in chosen,
        of_chosen_number="number" in chosen,
    )


def _casters_count(count: ir.CastersCount | None) -> CastersTurns | CastersPermanents | None:
    match count:
        case None:
            return None
        case "turns_begun":
            return CastersTurns()
        case "lands":
            return CastersPermanents(of=d.Selector(types=["land"], controller="you"))


def cost(c: ir.Cost) -> d.ManaAbilityCost:
    sacrifice = selector(c.sacrifice) if isinstance(c.sacrifice, ir.Sel) else c.sacrifice
    return d.ManaAbilityCost(
        tap=c.tap,
        untap=c.untap,
        mana=c.mana,
        life=c.life,
        remove_counters=dict(c.remove_counters),
        sacrifice=sacrifice,
        others=[d.CostPart(kind=k, text=t) for k, t in c.others],
        x_at_least=c.x_at_least,
        remove_x_counters=(
            d.RemoveXCounters(
                counter=c.remove_x[0],
                at_least=c.remove_x[1],
                from_among=selector(c.remove_x_among) if c.remove_x_among is not None else None,
            )
            if c.remove_x is not None
            else None
        ),
        untap_permanent=selector(c.untap_other) if c.untap_other is not None else None,
        tap_untapped=(
            d.TapUntapped(count=c.tap_others[0], of=selector(c.tap_others[1]))
            if c.tap_others is not None
            else None
        ),
    )


def _with_color(sel: d.Selector, color: str | None) -> d.Selector:
    """The selector with one more condition: of this color (105.2), when one is given."""
    if color is None:
        return sel
    has = f.HasColor(color=color)  # type: ignore[arg-type]
    match sel.where:
        case None:
            where: f.AnyFilter = has
        case f.AllOf():
            where = f.AllOf(of=[*sel.where.of, has])
        case _:
            where = f.AllOf(of=[sel.where, has])
    return sel.model_copy(update={"where": where})


def quantity(a: ir.Qty) -> q.Quantity:
    match a.kind:
        case "chosen_x":
            return q.ChosenX()
        case "power" | "toughness":
            return q.SourcePower(kind=a.kind)
        case "greatest_power" | "greatest_toughness":
            assert a.among is not None, "the grammar names whose power"
            return q.GreatestPower(
                kind=a.kind, among=selector(a.among), entered_this_turn=a.entered_this_turn
            )
        case "different_powers":
            assert a.among is not None, "the grammar names whose powers"
            return q.DifferentPowers(among=selector(a.among))
        case "shared_creature_type":
            assert a.among is not None, "the grammar names which permanents"
            return q.SharedCreatureType(among=selector(a.among))
        case "cost_mana_value":
            return q.CostManaValue()
        case "cost_power":
            return q.CostPower()
        case "devotion":
            return q.Devotion(color=a.color)  # type: ignore[arg-type]
        case "count":
            assert a.among is not None, "the grammar names what is counted"
            return q.CountOf(of=selector(a.among))
        case "count_power":
            assert a.among is not None, "the grammar names what is counted"
            return q.CountWithPower(of=selector(a.among), at_least=a.at_least)
        case "counters":
            return q.CountersOnSource(counter=a.counter)  # None: of every kind (122.1)
        case "player":
            return q.PlayerFact(fact=a.fact)  # type: ignore[arg-type]
        case "graveyard_count":
            assert a.among is not None, "the grammar names the cards counted"
            return q.CardsInGraveyard(of=_with_color(selector(a.among), a.color))
        case "count_chosen_type":
            assert a.among is not None, "the grammar names what is counted"
            return q.CountOfChosenType(of=selector(a.among))
        case "revealed":
            assert a.cards is not None, "the grammar names what is revealed"
            return q.RevealedFromHand(cards=a.cards, from_tops=a.from_tops)
        case _:
            assert_never(a.kind)


def production(p: ir.Production) -> d.Production:
    match p:
        case ir.Fixed():
            return d.FixedMana(mana=p.mana)
        case ir.OneOf():
            return d.ChoiceOfMana(options=list(p.options))
        case ir.AnyColor():
            return d.AnyColor(amount=p.amount)
        case ir.AnyType():
            return d.AnyType(amount=p.amount)
        case ir.Combination():
            return d.AnyCombination(amount=p.amount, colors=list(p.colors))  # type: ignore[arg-type]
        case ir.Chosen():
            return d.ChosenColor(amount=p.amount)
        case ir.ForEach():
            return d.PerCount(mana_type=p.mana_type, count=selector(p.count))  # type: ignore[arg-type]
        case ir.ForEachCounter():
            return d.PerCounter(mana_type=p.mana_type, counter=p.counter)  # type: ignore[arg-type]
        case ir.ColorAmong():
            return d.ColorOfPermanent(among=selector(p.among))
        case ir.ColorAmongGraveyard():
            return d.ColorAmongGraveyard(among=selector(p.among))
        case ir.OneColorCount():
            count = selector(p.count) if p.count is not None else None
            return d.OneColorPerCount(count=count, counter=p.counter)
        case ir.OneOfOrChosen():
            return d.ChoiceOrChosenColor(options=list(p.options))
        case ir.CommanderColor():
            return d.CommanderColor()
        case ir.DifferentColors():
            return d.DifferentColors(amount=p.amount)
        case ir.EachColorAmong():
            return d.EachColorAmong(among=selector(p.among))
        case ir.ExiledColor():
            return d.ExiledColor()
        case ir.EachExiledColor():
            return d.EachExiledColor()
        case ir.MilledCardSymbols():
            return d.MilledCardSymbols()
        case ir.NotedMana():
            return d.NotedMana(one=p.one)
        case ir.PoolCopy():
            return d.PoolCopy()
        case ir.OneOfChosen():
            return d.OneOfChosenColors(amount=p.amount)
        case ir.IfCounter():
            return d.IfCounter(
                counter=p.counter,
                with_counter=production(p.with_counter),  # type: ignore[arg-type]
                otherwise=production(p.otherwise),  # type: ignore[arg-type]
            )
        case ir.DieRoll():
            return d.DieRoll(
                sides=p.sides,
                at_most=p.at_most,
                low=production(p.low),  # type: ignore[arg-type]
                high=production(p.high),  # type: ignore[arg-type]
            )
        case ir.NthResolution():
            return d.NthResolution(
                nth=p.nth,
                then=production(p.then),  # type: ignore[arg-type]
                optional=p.optional,
            )
        case ir.CoinFlip():
            return d.CoinFlip(won=production(p.won))  # type: ignore[arg-type]
        case ir.IfFact():
            return d.IfFact(
                fact=p.fact,  # type: ignore[arg-type]
                then=production(p.then),  # type: ignore[arg-type]
                otherwise=production(p.otherwise),  # type: ignore[arg-type]
            )
        case ir.Reflect():
            return d.CouldProduce(among=selector(p.among), of=p.of, amount=p.amount)
        case ir.Amount():
            return d.ManaAmount(
                amount=quantity(p.amount),
                plus=p.plus,
                times=p.times,
                of=p.of,
                mana_type=p.mana_type,  # type: ignore[arg-type]
                colors=list(p.colors),  # type: ignore[arg-type]
            )
        case _:
            assert_never(p)


def mana_ability(a: ir.ManaAbility) -> d.ManaAbility:
    instead: d.AmountIfCounter | d.AmountIfPower | d.AmountIfControl | None = None
    if a.instead is not None:
        instead = d.AmountIfCounter(counter=a.instead[0], amount=a.instead[1])
    elif a.instead_power is not None:
        creatures = d.Selector(controller="you", types=["creature"])
        power, amount = a.instead_power
        instead = d.AmountIfPower(power=power, among=creatures, amount=amount)
    elif a.instead_control is not None:
        conditions, amount = a.instead_control
        counts = [d.ControlCount(of=selector(of), at_least=n) for of, n in conditions]
        instead = d.AmountIfControl(conditions=counts, amount=amount)
    return d.ManaAbility(
        cost=cost(a.cost),
        produces=production(a.produces),
        instead=instead,
        side_effect=a.side_effect,
        recipient=a.recipient,
        targets=a.targets,
        spend_restricted=a.spend_restricted,
        targets_graveyard_card=(
            selector(a.graveyard_target) if a.graveyard_target is not None else None
        ),
        puts_counters=dict(a.puts_counters),
        activate_only=[restriction(r) for r in a.activate_only],
    )


def _one_restriction(r: ir.OneRestriction) -> ma.OneRestriction:
    match r:
        case ir.OnlyIfYouControl(of=of, at_least=n):
            return ma.OnlyIfYouControl(of=selector(of), at_least=n)
        case ir.OnlyDuringTurn(whose=whose):
            return ma.OnlyDuringTurn(whose=whose)
        case ir.OnlyIfEnteredThisTurn():
            return ma.OnlyIfEnteredThisTurn()
        case ir.OnlyWithCounters(counter=counter, at_least=n):
            return ma.OnlyWithCounters(counter=counter, at_least=n)
        case ir.OnlyIfCreature():
            return ma.OnlyIfCreature()
        case ir.OnlyIfPower(power=power):
            creatures = d.Selector(controller="you", types=["creature"])
            return ma.OnlyIfPower(power=power, among=creatures)
        case _:
            assert_never(r)


def restriction(r: ir.Restriction) -> ma.ActivationRestriction:
    """602.1b: an activation instruction as the domain's."""
    match r:
        case ir.OnlyOnceEachTurn():
            return ma.OnlyOnceEachTurn()
        case ir.OnlyAsInstant():
            return ma.OnlyAsInstant()
        case ir.OnlyAsSorcery():
            return ma.OnlyAsSorcery()
        case ir.OnlyIfAnyOf(of=of):
            return ma.OnlyIfAnyOf(of=[_one_restriction(one) for one in of])
        case _:
            return _one_restriction(r)


def _works_from(effect: bool) -> d.WorksFrom:
    return "effect" if effect else "battlefield"


def _change(change: ir.ReplacementChange) -> d.ReplacementChange:
    kind, value = change
    match kind:
        case "multiply":
            return d.Multiply(factor=int(value))
        case "type":
            return d.ChangeType(to=value)  # type: ignore[arg-type]
        case "type_and_amount":
            return d.ChangeTypeAndAmount(mana=value)
        case "color":
            return d.ChangeColor(to=value)  # type: ignore[arg-type]
        case "color_of_choice":
            return d.ColorOfChoice(amount=int(value) if value else None)
        case _:
            assert_never(kind)


def _count_at_least(count: tuple[ir.Sel, int] | None) -> c613.CountAtLeast | None:
    """611.3a: "as long as you control N or more ..." as the domain's condition."""
    if count is None:
        return None
    of, least = count
    return c613.CountAtLeast(of=selector(of), at_least=least)


def ability(a: ir.Ability) -> d.Ability:
    match a:
        case ir.ManaAbility():
            return mana_ability(a)
        case ir.Grant():
            return d.GrantManaAbility(
                to=selector(a.to),
                ability=mana_ability(a.ability),
                while_count=_count_at_least(a.while_count),
                while_source=a.while_source,
                works_from=_works_from(a.effect),
                to_chosen_name=a.chosen_name,
            )
        case ir.Replacement():
            return d.ManaReplacement(
                source=selector(a.source),
                tapped_by_you=a.tapped_by_you,
                min_amount=a.min_amount,
                change=_change(a.change),
                works_from=_works_from(a.effect),
            )
        case ir.Trigger():
            return d.ManaTrigger(
                source=selector(a.source),
                tapped_by_you=a.tapped_by_you,
                requires_tap=a.requires_tap,
                only_chosen_color=a.only_chosen_color,
                adds=a.adds,
                mana=a.mana,
                amount=a.amount,
                optional=a.optional,
                per_count=selector(a.per_count) if a.per_count is not None else None,
                while_monarch=a.while_monarch,
                source_named_exiled=a.named_as_exiled,
                while_source_tapped=a.while_source_tapped,
                only_type=a.only_type,  # type: ignore[arg-type]
                side_effect=a.side_effect,
                works_from=_works_from(a.effect),
            )
        case ir.Keyword():
            return d.GrantKeyword(
                keyword=a.keyword,
                to=selector(a.to),
                works_from=_works_from(a.effect),
                while_count=_count_at_least(a.while_count),
                as_though=a.as_though,
                own_card=a.own_card,
            )
        case ir.Forbid():
            return d.ForbidActivation(
                to=selector(a.to),
                to_chosen_name=a.chosen_name,
                during=a.during,
                works_from=_works_from(a.effect),
                except_mana_abilities=a.except_mana_abilities,
            )
        case ir.SpellCostChange():
            return d.SpellCostChange(
                change="increase" if a.increase else "reduction",
                mana=a.mana,
                when=a.when,
                spells=spells(a.spells),
                while_untapped=a.while_untapped,
                during=a.during,
                nth_spell_this_turn=a.nth_spell_this_turn,
                counting="alike" if a.alike else "all",
                per_other_spell_this_turn=a.per_other_spell_this_turn,
                cast_from=list(a.cast_from),
                not_cast_from=list(a.not_cast_from),
                **_chosen(a.chosen),
            )
        case ir.CastBan():
            return d.SpellCastBan(
                spells=spells(a.spells),
                during=a.during,
                after_spells_this_turn=a.after_spells,
                counting="alike" if a.alike else "all",
                by_target_player=a.target_player,
                during_combat=a.during_combat,
                mana_value_above=_casters_count(a.mana_value_above),
                unless_sorcery_timing=a.unless_sorcery,
                **_chosen(a.chosen),
                works_from=_works_from(a.effect),
                cast_from=list(a.cast_from),
                not_cast_from=list(a.not_cast_from),
            )
        case ir.CastRestriction():
            return d.CastRestriction(
                during_first_turns=a.first_turns,
                after_land_played=a.after_land_played,
                only_during=a.only_during,
                only_during_combat=a.only_during_combat,
                only_if_caster_controls=_count_at_least(a.only_if_controls),
                only_during_moments=list(a.moments),  # type: ignore[arg-type]
                only_if_attacked=a.if_attacked,
                only_after_other_spells=a.after_other_spells,
            )
        case ir.SpellCostMinimum():
            return d.SpellCostMinimum(
                total=a.total, spells=spells(a.spells), while_untapped=a.while_untapped
            )
        case ir.Control():
            return d.GainControl(
                of=a.of, haste=a.haste, works_from=_works_from(a.effect), lasting=a.lasting
            )
        case ir.EntersWithX():
            return d.EntersWithCounters(counter=a.counter, amount="X")
        case ir.EtbReplacementUsesX():
            return d.EtbReplacement(uses_x=True, summary=a.summary[:300])
        case ir.EtbUsesX():
            return d.EtbTrigger(uses_x=True, summary=a.summary[:300])
        case ir.RevealUntil():
            return d.RevealUntil(
                mode="reveal", max_mana_value=a.max_mana_value, nonlegendary=a.nonlegendary
            )
        case ir.MulliganHelper():
            return d.MulliganHelper()
        case ir.OpeningHandMana():
            return d.OpeningHandMana(mana=a.mana)
        case ir.SetLandTypes() | ir.AddSubtypes() | ir.AddTypes() | ir.LoseAllAbilities():
            return layer_ability(a)
        case ir.SetColors():
            return c613.SetColors(
                to=selector(a.to),
                colors=list(a.colors),  # type: ignore[arg-type]
                works_from=_works_from(a.effect),
            )
        case ir.SetCreatureTypes():
            return c613.SetCreatureTypes(
                to=selector(a.to),
                subtypes=list(a.subtypes),
                chosen_as_it_entered=a.chosen_as_it_entered,
                works_from=_works_from(a.effect),
            )
        case ir.SetCardTypes():
            return c613.SetCardTypes(
                to=selector(a.to),
                types=list(a.types),  # type: ignore[arg-type]
                subtypes=list(a.subtypes),
                while_graveyard_below=a.while_graveyard_below,
                while_devotion_below=(
                    c613.DevotionBelow(
                        colors=list(a.while_devotion_below[0]),  # type: ignore[arg-type]
                        below=a.while_devotion_below[1],
                    )
                    if a.while_devotion_below is not None
                    else None
                ),
                while_impending=a.while_impending,
                works_from=_works_from(a.effect),
            )
        case ir.CopyEffect():
            return CopyEffect(
                by=a.by,
                types=list(a.types),  # type: ignore[arg-type]
                subtypes=list(a.subtypes),
                supertypes=list(a.supertypes),
                colors=list(a.colors),  # type: ignore[arg-type]
                keywords=list(a.keywords),
                mana_abilities=[mana_ability(m) for m in a.mana_abilities],
                keeps_name=a.keeps_name,
                not_legendary=a.not_legendary,
                keeps_abilities=a.keeps_abilities,
                summary=a.summary,
            )
        case _:
            assert_never(a)


def layer_ability(
    a: ir.SetLandTypes | ir.AddSubtypes | ir.AddTypes | ir.LoseAllAbilities,
) -> c613.SetLandTypes | c613.AddSubtypes | c613.AddTypes | c613.LoseAllAbilities:
    """The layer-4 and layer-6 effects (613.1d, 613.1f) as app/domain/continuous.py has them."""
    match a:
        case ir.SetLandTypes():
            return c613.SetLandTypes(
                to=selector(a.to),
                subtypes=list(a.subtypes),
                chosen_type=a.chosen,
                chosen_as_it_entered=a.chosen_as_it_entered,
                loses_all_land_types=a.none,
                works_from=_works_from(a.effect),
                to_chosen_name=a.chosen_name,
            )
        case ir.AddSubtypes():
            return c613.AddSubtypes(
                to=selector(a.to),
                subtypes=list(a.subtypes),
                chosen_type=a.chosen,
                chosen_as_it_entered=a.chosen_as_it_entered,
                works_from=_works_from(a.effect),
            )
        case ir.AddTypes():
            return c613.AddTypes(
                to=selector(a.to),
                types=list(a.types),  # type: ignore[arg-type]
                subtypes=list(a.subtypes),
                every_creature_type=a.every_creature_type,
                works_from=_works_from(a.effect),
            )
        case ir.LoseAllAbilities():
            return c613.LoseAllAbilities(
                to=selector(a.to),
                keeps_own=a.keeps_own,
                except_mana_abilities=a.except_mana,
                works_from=_works_from(a.effect),
                to_chosen_name=a.chosen_name,
            )
        case _:
            assert_never(a)


def cost_change(c: ir.CostChange) -> d.CostChange:
    return d.CostChange(
        change="increase" if c.increase else "reduction",
        mana=c.mana,
        when=c.when[:300],
        keyword=c.keyword,
        for_each=selector(c.for_each) if c.for_each is not None else None,
    )


def casting_cost(c: ir.CastingCost) -> d.AlternativeCost | d.AdditionalCost:
    if c.alternative:
        return d.AlternativeCost(name=c.name[:200], mana=c.mana, summary=c.summary[:300])
    return d.AdditionalCost(
        name=c.name[:200],
        mana=c.mana,
        summary=c.summary[:300],
        optional=c.optional,
        mode_of=c.mode_of,
        at_most=c.at_most,
    )

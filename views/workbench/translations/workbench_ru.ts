<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>iw</name>
    <message>
        <source>no intent runs its effect more than once</source>
        <translation>ни одно намерение не выполняет свой эффект больше одного раза</translation>
    </message>
    <message>
        <source>no record is left in_progress when the run ends</source>
        <translation>к концу прогона ни одна запись не остаётся в состоянии in_progress</translation>
    </message>
    <message>
        <source>every replay answers what the first execution answered</source>
        <translation>каждый replay отвечает то же, что ответило первое выполнение</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1&#xa0;мс</translation>
    </message>
    <message>
        <source> or </source>
        <translation> или </translation>
    </message>
    <message>
        <source>request entry %1</source>
        <translation>элемент %1 списка requests</translation>
    </message>
    <message>
        <source>request entry %1 (%2, key %3)</source>
        <translation>элемент %1 списка requests (%2, key %3)</translation>
    </message>
    <message>
        <source>request entry %1 (%2)</source>
        <translation>элемент %1 списка requests (%2)</translation>
    </message>
    <message>
        <source>%1 on attempt %2 of %3</source>
        <translation>%1, попытка %2, %3</translation>
    </message>
    <message>
        <source> (%1 later)</source>
        <translation> (через %1)</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1&#xa0;с</translation>
    </message>
</context>
<context>
    <name>iw::CountersView</name>
    <message>
        <source>intents</source>
        <translation>намерения</translation>
    </message>
    <message>
        <source>requests</source>
        <translation>запросы</translation>
    </message>
    <message>
        <source>effects</source>
        <translation>эффекты</translation>
    </message>
    <message>
        <source>duplicate effects</source>
        <translation>дубли эффектов</translation>
    </message>
    <message>
        <source>replays</source>
        <translation>replay</translation>
    </message>
    <message>
        <source>conflicts</source>
        <translation>конфликты</translation>
    </message>
    <message>
        <source>mismatches</source>
        <translation>несоответствия</translation>
    </message>
    <message>
        <source>Logical operations the clients started (a retry or a double-submit belongs to the same intent)</source>
        <translation>Логические операции, начатые клиентами (retry или двойная отправка относятся к тому же намерению)</translation>
    </message>
    <message>
        <source>Requests the service decided (attempts that never arrived or are still running are not counted)</source>
        <translation>Запросы, по которым сервис принял решение (попытки, которые не дошли или ещё выполняются, не учитываются)</translation>
    </message>
    <message>
        <source>Times the business action ran (rows created in demo_request)</source>
        <translation>Сколько раз выполнилось бизнес-действие (строки, созданные в demo_request)</translation>
    </message>
    <message>
        <source>Effects beyond the first of each intent: the harm idempotency keys exist to prevent</source>
        <translation>Эффекты сверх первого для каждого намерения: именно этот вред и призваны предотвращать ключи идемпотентности</translation>
    </message>
    <message>
        <source>Requests answered from a completed record without running the handler</source>
        <translation>Запросы, на которые ответили из записи в состоянии completed, не запуская обработчик</translation>
    </message>
    <message>
        <source>Requests refused because the scope was busy or blocked: conflict_in_progress and expired_rejected</source>
        <translation>Запросы, отклонённые из-за того, что scope был занят или заблокирован: conflict_in_progress и expired_rejected</translation>
    </message>
    <message>
        <source>Requests whose payload fingerprint differed from the stored one: payload_mismatch</source>
        <translation>Запросы, у которых fingerprint нагрузки отличался от сохранённого: payload_mismatch</translation>
    </message>
    <message>
        <source>Duplicate effects per hop of the route: where along the chain each was born</source>
        <translation>Дубли эффектов по звеньям маршрута: где в цепочке возник каждый из них</translation>
    </message>
    <message>
        <source>Served requests only: effects beyond the first of a suspected intent — requests of one actor and operation with the same payload under other keys or none, within the intent window. Suspected, not proven: a person may order twice on purpose</source>
        <translation>Только обслуживаемые запросы: эффекты сверх первого в подозреваемом намерении — запросы одного субъекта и операции с той же нагрузкой под другими key или без key в пределах окна намерения. Подозрение, а не доказательство: человек может заказать дважды намеренно</translation>
    </message>
    <message>
        <source>suspected: %1</source>
        <translation>подозреваемых: %1</translation>
    </message>
</context>
<context>
    <name>iw::EvidenceLink</name>
    <message>
        <source>Open &amp;Evidence…</source>
        <translation>Открыть &amp;свидетельства…</translation>
    </message>
    <message>
        <source>The incident as a scenario: Play replays it; File → Save keeps it.</source>
        <translation>Инцидент как сценарий: «Пуск» воспроизводит его; Файл → Сохранить сохраняет.</translation>
    </message>
    <message>
        <source>Rebuild an incident from its access logs, traces and HAR files: on the timeline, judged against a profile, replayable as a scenario (Ctrl+Shift+O)</source>
        <translation>Восстановить инцидент по журналам доступа, трассам и файлам HAR: на временной шкале, с проверкой по профилю, с воспроизведением как сценарий (Ctrl+Shift+O)</translation>
    </message>
</context>
<context>
    <name>iw::ExploreDialog</name>
    <message>
        <source>Explore — Idempotency Workbench</source>
        <translation>Исследование&#xa0;— Idempotency Workbench</translation>
    </message>
    <message>
        <source>Runs the scenario under every combination of faults and latencies its explore block allows, within the bounds below, and looks for a run that breaks its property. The fewest faults are tried first, so a counterexample is the shortest.</source>
        <translation>Запускает сценарий при всех сочетаниях сбоев и задержек, которые допускает его блок explore, в заданных ниже границах и ищет прогон, нарушающий его свойство. Сначала перебираются варианты с наименьшим числом сбоев, поэтому найденный контрпример&#xa0;— самый короткий.</translation>
    </message>
    <message>
        <source>Bounds</source>
        <translation>Границы</translation>
    </message>
    <message>
        <source>At most this many faults in one run. Each one more multiplies the runs to try.</source>
        <translation>Наибольшее число сбоев в одном прогоне. Каждый дополнительный сбой многократно увеличивает число прогонов для проверки.</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>без ограничения</translation>
    </message>
    <message>
        <source>Stop after this long with the verdict inconclusive (0: no limit)</source>
        <translation>Остановиться через столько времени с вердиктом «не установлено» (0&#xa0;— без ограничения)</translation>
    </message>
    <message>
        <source>Search on this many threads; the verdict and the counterexample are the same on any number</source>
        <translation>Число потоков для поиска; вердикт и контрпример от него не зависят</translation>
    </message>
    <message>
        <source>Max &amp;faults per run:</source>
        <translation>Макс. &amp;сбоев за прогон:</translation>
    </message>
    <message>
        <source>&amp;Time limit:</source>
        <translation>Ограничение &amp;времени:</translation>
    </message>
    <message>
        <source>T&amp;hreads:</source>
        <translation>По&amp;токи:</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Поиск</translation>
    </message>
    <message>
        <source>not started</source>
        <translation>не начат</translation>
    </message>
    <message>
        <source>Simulations run from t = 0 with some choices pinned</source>
        <translation>Симуляции с t = 0, в которых часть вариантов зафиксирована</translation>
    </message>
    <message>
        <source>Different states reached; a run that meets a state already reached at no higher cost is cut short</source>
        <translation>Число различных достигнутых состояний; прогон, пришедший в состояние, уже достигнутое не большей ценой, прерывается</translation>
    </message>
    <message>
        <source>The search tries every run with 0 faults, then every run with 1, and so on</source>
        <translation>Поиск перебирает все прогоны с 0 сбоев, затем все прогоны с 1 сбоем и так далее</translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation>Прогоны:</translation>
    </message>
    <message>
        <source>Distinct states:</source>
        <translation>Различных состояний:</translation>
    </message>
    <message>
        <source>Fault level:</source>
        <translation>Уровень сбоев:</translation>
    </message>
    <message>
        <source>Rate:</source>
        <translation>Скорость:</translation>
    </message>
    <message>
        <source>Elapsed:</source>
        <translation>Прошло:</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Вердикт</translation>
    </message>
    <message>
        <source>No search yet: set the bounds and press Start.</source>
        <translation>Поиска ещё не было: задайте границы и нажмите «Запустить».</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>&amp;Запустить</translation>
    </message>
    <message>
        <source>Explore the scenario the main window holds now, within these bounds</source>
        <translation>Исследовать сценарий, открытый сейчас в главном окне, в этих границах</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Отмена</translation>
    </message>
    <message>
        <source>Stop the search; the figures so far stay, and nothing is proven</source>
        <translation>Остановить поиск; полученные цифры сохраняются, но ничего не доказано</translation>
    </message>
    <message>
        <source>&amp;Open counterexample</source>
        <translation>От&amp;крыть контрпример</translation>
    </message>
    <message>
        <source>Load the counterexample into the main window and play it as a lesson: one step per fault and per decision</source>
        <translation>Загрузить контрпример в главное окно и пройти его как урок: по шагу на каждый сбой и каждое решение</translation>
    </message>
    <message>
        <source>Sa&amp;ve counterexample…</source>
        <translation>Сох&amp;ранить контрпример…</translation>
    </message>
    <message>
        <source>Write the counterexample as a scenario file: run --check replays it exactly</source>
        <translation>Записать контрпример в файл сценария: run --check воспроизводит его в точности</translation>
    </message>
    <message>
        <source>Close the dialog; a running search is cancelled</source>
        <translation>Закрыть окно; идущий поиск будет отменён</translation>
    </message>
    <message>
        <source>Scenario: %1</source>
        <translation>Сценарий: %1</translation>
    </message>
    <message>
        <source>Scenario: %1 — %2</source>
        <translation>Сценарий: %1&#xa0;— %2</translation>
    </message>
    <message>
        <source>This scenario has no explore block: nothing may vary, so the search is a single run of the scenario as written, checked for %1 (%2). Add an &quot;explore&quot; block to the scenario file to let faults and latencies vary.</source>
        <translation>В этом сценарии нет блока explore: меняться нечему, поэтому поиск&#xa0;— это один прогон сценария в записанном виде с проверкой свойства %1 (%2). Добавьте в файл сценария блок &quot;explore&quot;, чтобы сбои и задержки могли меняться.</translation>
    </message>
    <message>
        <source>No fault may strike: the scenario has no explore block</source>
        <translation>Сбоев быть не может: в сценарии нет блока explore</translation>
    </message>
    <message>
        <source>no fault</source>
        <translation>без сбоев</translation>
    </message>
    <message>
        <source>faults %1 on any attempt, at most %2 per run</source>
        <translation>сбои %1 на любой попытке, не больше %2 за прогон</translation>
    </message>
    <message>
        <source>network delay %1</source>
        <translation>сетевая задержка %1</translation>
    </message>
    <message>
        <source>handler time %1</source>
        <translation>время обработчика %1</translation>
    </message>
    <message>
        <source>late retry after %1</source>
        <translation>поздний retry через %1</translation>
    </message>
    <message>
        <source>Its explore block allows %1; the property is %2 (%3).</source>
        <translation>Его блок explore допускает: %1; свойство&#xa0;— %2 (%3).</translation>
    </message>
    <message>
        <source>No fault may strike: the explore block lists none</source>
        <translation>Сбоев быть не может: в блоке explore они не перечислены</translation>
    </message>
    <message>
        <source>Searching %1…</source>
        <translation>Идёт поиск: %1…</translation>
    </message>
    <message>
        <source>Cancel stops the search; the figures so far stay.</source>
        <translation>Кнопка «Отмена» останавливает поиск; полученные цифры сохраняются.</translation>
    </message>
    <message>
        <source>The search ran out of memory: lower the max faults or the explore block&apos;s choices.</source>
        <translation>Поиску не хватило памяти: уменьшите максимум сбоев или число вариантов в блоке explore.</translation>
    </message>
    <message>
        <source>A run is too large to explore: %1</source>
        <translation>Прогон слишком велик для исследования: %1</translation>
    </message>
    <message>
        <source>This scenario cannot be explored: %1</source>
        <translation>Этот сценарий нельзя исследовать: %1</translation>
    </message>
    <message>
        <source>Cancelling: the figures so far stay…</source>
        <translation>Отмена: полученные цифры сохраняются…</translation>
    </message>
    <message>
        <source>trying %1 (at most %2)</source>
        <translation>проверяется: %1 (не больше %2)</translation>
    </message>
    <message>
        <source>%1 states/s</source>
        <translation>%1 сост./с</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>ошибка</translation>
    </message>
    <message>
        <source>No verdict</source>
        <translation>Нет вердикта</translation>
    </message>
    <message>
        <source>%1 of %2 fault levels searched</source>
        <translation>Пройдено уровней сбоев: %1 из %2</translation>
    </message>
    <message>
        <source>all searched, 0 to %1</source>
        <translation>всё проверено: от 0 до %1</translation>
    </message>
    <message>
        <source>stopped at %1, the fewest that break it</source>
        <translation>остановлено на %1&#xa0;— это наименьшее число, при котором свойство нарушается</translation>
    </message>
    <message>
        <source>%1 of %2 levels done; stopped trying %3</source>
        <translation>пройдено уровней: %1 из %2; остановлено при проверке: %3</translation>
    </message>
    <message>
        <source>Holds — %1</source>
        <translation>Не нарушается&#xa0;— %1</translation>
    </message>
    <message>
        <source>No run with at most %1 breaks %2 (%3): all %4 within the bounds were tried. More faults than that were not tried.</source>
        <translation>Ни один прогон в пределах границ (сбоев не больше: %1) не нарушает %2 (%3): проверены все&#xa0;— %4. Прогоны с большим числом сбоев не проверялись.</translation>
    </message>
    <message>
        <source>Violated — %1</source>
        <translation>Нарушено&#xa0;— %1</translation>
    </message>
    <message>
        <source>The shortest counterexample needs no fault at all (%1): the scenario as written breaks it.</source>
        <translation>Кратчайшему контрпримеру сбои вообще не нужны (%1): свойство нарушает сам сценарий в записанном виде.</translation>
    </message>
    <message>
        <source>The shortest counterexample: %1, %2 — %3.</source>
        <translation>Кратчайший контрпример: %1, %2&#xa0;— %3.</translation>
    </message>
    <message>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <source>%1 (%2) is broken.
%3
What went wrong: %4.

Open counterexample plays it in the main window as a lesson, one step per fault and decision.</source>
        <translation>Свойство %1 (%2) нарушено.
%3
Что пошло не так: %4.

Кнопка «Открыть контрпример» проигрывает его в главном окне как урок: по шагу на каждый сбой и решение.</translation>
    </message>
    <message>
        <source>Inconclusive — %1</source>
        <translation>Не установлено&#xa0;— %1</translation>
    </message>
    <message>
        <source>You cancelled the search before it was done</source>
        <translation>Поиск отменён до завершения</translation>
    </message>
    <message>
        <source>The time limit of %1 ran out before the search was done</source>
        <translation>Ограничение времени (%1) исчерпано до завершения поиска</translation>
    </message>
    <message>
        <source>The memory bound of %1 MiB was reached before the search was done</source>
        <translation>Предел памяти в %1&#xa0;МиБ достигнут до завершения поиска</translation>
    </message>
    <message>
        <source>The search stopped (%1) before it was done</source>
        <translation>Поиск остановлен (%1) до завершения</translation>
    </message>
    <message>
        <source>Every run with at most %1 was tried and none breaks %2; runs with more were not all tried.</source>
        <translation>Проверены все прогоны, где сбоев не больше: %1, и ни один не нарушает %2; прогоны с большим числом сбоев проверены не все.</translation>
    </message>
    <message>
        <source>Not even the runs without a fault were all tried.</source>
        <translation>Не проверены даже все прогоны без сбоев.</translation>
    </message>
    <message>
        <source>%1, so nothing is proven about %2 (%3). %4 Raise the time limit or lower the max faults to finish.</source>
        <translation>%1, поэтому о свойстве %2 (%3) ничего не доказано. %4 Чтобы довести поиск до конца, увеличьте ограничение времени или уменьшите максимум сбоев.</translation>
    </message>
    <message>
        <source>Save counterexample</source>
        <translation>Сохранить контрпример</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>Сценарии (*.json)</translation>
    </message>
    <message>
        <source>Saved the counterexample to %1.</source>
        <translation>Контрпример сохранён в %1.</translation>
    </message>
    <message>
        <source>There is no counterexample to save.</source>
        <translation>Нет контрпримера для сохранения.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удалось записать %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln fault(s)</source>
        <translation>
            <numerusform>%Ln сбой</numerusform>
            <numerusform>%Ln сбоя</numerusform>
            <numerusform>%Ln сбоев</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s)</source>
        <translation>
            <numerusform>%Ln прогон</numerusform>
            <numerusform>%Ln прогона</numerusform>
            <numerusform>%Ln прогонов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln event(s)</source>
        <translation>
            <numerusform>%Ln событие</numerusform>
            <numerusform>%Ln события</numerusform>
            <numerusform>%Ln событий</numerusform>
        </translation>
    </message>
    <message>
        <source>done: broken at level %1 of %2</source>
        <translation>Готово: нарушено на уровне %1 из %2</translation>
    </message>
    <message>
        <source>done: %1 of %2 fault levels searched</source>
        <translation>Готово: пройдено уровней сбоев: %1 из %2</translation>
    </message>
</context>
<context>
    <name>iw::HowToRead</name>
    <message>
        <source>&amp;How to read this window</source>
        <translation>&amp;Как читать это окно</translation>
    </message>
    <message>
        <source>What each panel shows and what the colours mean (F1)</source>
        <translation>Что показывает каждая панель и что означают цвета (F1)</translation>
    </message>
    <message>
        <source>&amp;About Idempotency Workbench</source>
        <translation>&amp;О программе Idempotency Workbench</translation>
    </message>
    <message>
        <source>Version and purpose of the workbench</source>
        <translation>Версия и назначение программы</translation>
    </message>
    <message>
        <source>About Idempotency Workbench</source>
        <translation>О программе Idempotency Workbench</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Idempotency Workbench %1&lt;/h3&gt;&lt;p&gt;See how an idempotency key lives and dies: fire parallel, delayed and failing requests at a simulated service, watch records move through in_progress, completed and expired, and inspect every fingerprint, TTL and conflict decision.&lt;/p&gt;&lt;p&gt;Built with Qt %2.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Idempotency Workbench %1&lt;/h3&gt;&lt;p&gt;Посмотрите, как живёт и умирает ключ идемпотентности: отправляйте параллельные, отложенные запросы и запросы со сбоями моделируемому сервису, следите, как записи проходят через in_progress, completed и expired, и изучайте каждый fingerprint, TTL и каждое решение о конфликте.&lt;/p&gt;&lt;p&gt;Собрано с Qt %2.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>How to read this window</source>
        <translation>Как читать это окно</translation>
    </message>
    <message>
        <source>in_progress</source>
        <translation>in_progress</translation>
    </message>
    <message>
        <source>claimed; the handler is running</source>
        <translation>захвачена; обработчик выполняется</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>completed</translation>
    </message>
    <message>
        <source>a stored response to replay</source>
        <translation>сохранённый ответ для replay</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>expired</translation>
    </message>
    <message>
        <source>past its TTL: protects nothing any more</source>
        <translation>TTL истёк: больше ничего не защищает</translation>
    </message>
    <message>
        <source>stuck</source>
        <translation>зависшая</translation>
    </message>
    <message>
        <source>%1: nobody is looking after it any more, so only a lease takeover or an operator can finish it. A crashed owner alone is not stuck: while its lease runs the record is in progress, waiting.</source>
        <translation>%1: за записью больше никто не следит, поэтому завершить её может только перехват после истечения аренды или оператор. Одно лишь падение владельца ещё не делает запись зависшей: пока действует аренда, запись находится в состоянии in_progress и ждёт.</translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation>tombstone</translation>
    </message>
    <message>
        <source>what a swept record leaves under after_expiry: tombstone</source>
        <translation>что остаётся от удалённой очисткой записи, если after_expiry: tombstone</translation>
    </message>
    <message>
        <source>alarm</source>
        <translation>тревога</translation>
    </message>
    <message>
        <source>a duplicate effect: the business action ran twice for one intent</source>
        <translation>дубль эффекта: бизнес-действие выполнилось дважды для одного намерения</translation>
    </message>
    <message>
        <source>&lt;h3&gt;The panels&lt;/h3&gt;&lt;p&gt;&lt;b&gt;Scenario&lt;/b&gt; (left): pick a preset, or edit the service and client policies (each edit rewinds the run) and fire requests by hand. The payload editor checks your JSON as you type and shows the canonical form and fingerprint the service will compare.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Run&lt;/b&gt; (toolbar): Play advances virtual time at the chosen speed, Step runs exactly one event, Reset rewinds to t = 0. The clock in the status bar is virtual time.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Counters&lt;/b&gt; (top): intents, requests, effects and &lt;i&gt;duplicate effects&lt;/i&gt; — the number that must stay 0. It turns red when it is not.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Requests&lt;/b&gt; (bottom left): every attempt a client sent, with the service&apos;s decision. &lt;b&gt;Records&lt;/b&gt; (bottom right): what the store holds now, with the TTL counting down.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Inspector&lt;/b&gt; (right): click any row to see why the service answered what it answered: the rule path, the explanation, the fingerprints and, on a mismatch, the differing fields.&lt;/p&gt;&lt;p&gt;Selecting something anywhere selects it everywhere; Esc clears the selection. Panels can be moved and closed; View → Reset layout brings them back.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Lessons&lt;/b&gt;: Run → Play as Lesson walks through a preset&apos;s story, pausing at each step with a caption over the timeline (Space next, Backspace previous, Esc leaves). F11 is presenter mode for a projector: only the timeline, the sequence and the caption, Ctrl+= and Ctrl+- size the type.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Explore&lt;/b&gt;: Run → Explore… tries every way the run can go within the scenario&apos;s explore block — which faults may strike any attempt, how many, which latencies — and says whether its property holds, or shows the shortest counterexample, which opens here as a lesson.&lt;/p&gt;&lt;h3&gt;Record states&lt;/h3&gt;%1&lt;h3&gt;Decisions&lt;/h3&gt;%2</source>
        <translation>&lt;h3&gt;Панели&lt;/h3&gt;&lt;p&gt;&lt;b&gt;Сценарий&lt;/b&gt; (слева): выберите готовый сценарий или измените политики сервиса и клиента (каждое изменение перематывает прогон в начало) и отправляйте запросы вручную. Редактор нагрузки проверяет JSON по мере ввода и показывает каноническую форму и fingerprint, которые будет сравнивать сервис.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Запуск&lt;/b&gt; (панель инструментов): «Пуск» продвигает виртуальное время с выбранной скоростью, «Шаг» выполняет ровно одно событие, «Сбросить» перематывает к t = 0. Часы в строке состояния показывают виртуальное время.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Счётчики&lt;/b&gt; (сверху): намерения, запросы, эффекты и &lt;i&gt;дубли эффектов&lt;/i&gt;&#xa0;— число, которое должно оставаться равным 0. Если это не так, оно становится красным.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Запросы&lt;/b&gt; (внизу слева): каждая попытка, отправленная клиентом, с решением сервиса. &lt;b&gt;Записи&lt;/b&gt; (внизу справа): что сейчас лежит в хранилище, с обратным отсчётом TTL.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Инспектор&lt;/b&gt; (справа): щёлкните любую строку, чтобы увидеть, почему сервис ответил именно так: цепочку правил, объяснение, fingerprint и, при несоответствии, различающиеся поля.&lt;/p&gt;&lt;p&gt;Выделенное в одной панели выделяется во всех; Esc снимает выделение. Панели можно перемещать и закрывать; Вид → Сбросить расположение панелей возвращает их на место.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Уроки&lt;/b&gt;: Запуск → Пройти как урок проводит по истории готового сценария с остановкой на каждом шаге и подписью над временной шкалой (Пробел&#xa0;— следующий шаг, Backspace&#xa0;— предыдущий, Esc&#xa0;— выход). F11 включает режим докладчика для проектора: только временная шкала, последовательность и подпись; Ctrl+= и Ctrl+- меняют размер шрифта.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Исследование&lt;/b&gt;: Запуск → Исследовать… перебирает все варианты хода прогона в пределах блока explore сценария&#xa0;— какие сбои могут поразить любую попытку, сколько их, какие задержки&#xa0;— и сообщает, нарушается ли его свойство, и если да, показывает кратчайший контрпример, который открывается здесь как урок.&lt;/p&gt;&lt;h3&gt;Состояния записей&lt;/h3&gt;%1&lt;h3&gt;Решения&lt;/h3&gt;%2</translation>
    </message>
</context>
<context>
    <name>iw::Inspector</name>
    <message>
        <source>TTL: never expires</source>
        <translation>TTL: не истекает никогда</translation>
    </message>
    <message>
        <source>never (no expiry was written)</source>
        <translation>никогда (срок не был записан)</translation>
    </message>
    <message>
        <source>Click a request or a record in a table (or on the timeline) to see why the service answered what it answered. Esc clears the selection.</source>
        <translation>Щёлкните запрос или запись в таблице (или на временной шкале), чтобы увидеть, почему сервис ответил именно так. Esc снимает выделение.</translation>
    </message>
    <message>
        <source>How much of the record&apos;s time to live is left now, in virtual time (empty: expired)</source>
        <translation>Сколько времени жизни (TTL) записи осталось сейчас, в виртуальном времени (пусто: срок истёк)</translation>
    </message>
    <message>
        <source>How much of the record&apos;s in-progress lease is left now; once it has passed, another request may take over</source>
        <translation>Сколько осталось от аренды записи in_progress; когда аренда истечёт, запись может перехватить другой запрос</translation>
    </message>
    <message>
        <source>not decided yet</source>
        <translation>решения ещё нет</translation>
    </message>
    <message>
        <source>Request %1 %2 %3</source>
        <translation>Запрос %1 %2 %3</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>в %1</translation>
    </message>
    <message>
        <source>Record %1</source>
        <translation>Запись %1</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>Ничего не выбрано</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Решение</translation>
    </message>
    <message>
        <source>decision</source>
        <translation>решение</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source> &amp;nbsp;no response</source>
        <translation> &amp;nbsp;нет ответа</translation>
    </message>
    <message>
        <source>decided at</source>
        <translation>решение принято</translation>
    </message>
    <message>
        <source>none: the request never reached the service (dropped on the way)</source>
        <translation>нет: запрос не дошёл до сервиса (потерян в пути)</translation>
    </message>
    <message>
        <source>none yet: the request is still on its way or being handled</source>
        <translation>пока нет: запрос ещё в пути или обрабатывается</translation>
    </message>
    <message>
        <source>Rule path</source>
        <translation>Цепочка правил</translation>
    </message>
    <message>
        <source>Payload mismatch: stored versus this request</source>
        <translation>Несоответствие нагрузки: сохранённая и в этом запросе</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>сохранено</translation>
    </message>
    <message>
        <source>this request</source>
        <translation>этот запрос</translation>
    </message>
    <message>
        <source>The payload behind the stored fingerprint was not sent in this run, so only the fingerprints can be compared.</source>
        <translation>Нагрузка, по которой вычислен сохранённый fingerprint, в этом прогоне не отправлялась, поэтому сравнить можно только сами fingerprint.</translation>
    </message>
    <message>
        <source>field</source>
        <translation>поле</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>отсутствует</translation>
    </message>
    <message>
        <source>(whole payload)</source>
        <translation>(вся нагрузка)</translation>
    </message>
    <message numerus="yes">
        <source>%n significant field(s) differ; fields the fingerprint ignores are not listed.</source>
        <translation>
            <numerusform>%n значимое поле различается; поля, которые fingerprint не учитывает, не показаны.</numerusform>
            <numerusform>%n значимых поля различаются; поля, которые fingerprint не учитывает, не показаны.</numerusform>
            <numerusform>%n значимых полей различаются; поля, которые fingerprint не учитывает, не показаны.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot compare the payloads: %1</source>
        <translation>Не удалось сравнить нагрузки: %1</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Запрос</translation>
    </message>
    <message>
        <source>intent</source>
        <translation>намерение</translation>
    </message>
    <message>
        <source>client</source>
        <translation>клиент</translation>
    </message>
    <message>
        <source>attempt</source>
        <translation>попытка</translation>
    </message>
    <message>
        <source>%1 (copy %2)</source>
        <translation>%1 (копия %2)</translation>
    </message>
    <message>
        <source>scope</source>
        <translation>scope</translation>
    </message>
    <message>
        <source>key</source>
        <translation>key</translation>
    </message>
    <message>
        <source>&lt;i&gt;none: the request carried no Idempotency-Key&lt;/i&gt;</source>
        <translation>&lt;i&gt;нет: запрос пришёл без Idempotency-Key&lt;/i&gt;</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>отправлен</translation>
    </message>
    <message>
        <source>arrived</source>
        <translation>получен</translation>
    </message>
    <message>
        <source>never</source>
        <translation>не дошёл</translation>
    </message>
    <message>
        <source>client saw</source>
        <translation>исход для клиента</translation>
    </message>
    <message>
        <source>nothing yet</source>
        <translation>пока ничего</translation>
    </message>
    <message>
        <source>effect</source>
        <translation>эффект</translation>
    </message>
    <message>
        <source>%1 — duplicate effect</source>
        <translation>%1&#xa0;— дубль эффекта</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <source>Canonical payload (RFC 8785, the significant part only):</source>
        <translation>Каноническая форма нагрузки (RFC 8785, только значимая часть):</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>Маршрут</translation>
    </message>
    <message>
        <source>hop</source>
        <translation>звено</translation>
    </message>
    <message>
        <source>%1 (the first hop: clients call it)</source>
        <translation>%1 (первое звено: его вызывают клиенты)</translation>
    </message>
    <message>
        <source>%1 (hop %2 of %3)</source>
        <translation>%1 (звено %2 из %3)</translation>
    </message>
    <message>
        <source>parent</source>
        <translation>родительский запрос</translation>
    </message>
    <message>
        <source>none: a client sent it</source>
        <translation>нет: его отправил клиент</translation>
    </message>
    <message>
        <source>Calls it made to %1</source>
        <translation>Обращения этого запроса к звену %1</translation>
    </message>
    <message>
        <source>none: its handler never ran, or failed before calling</source>
        <translation>нет: обработчик не запускался или завершился ошибкой до вызова</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>пока нет</translation>
    </message>
    <message>
        <source>SQL run for this request</source>
        <translation>SQL, выполненный для этого запроса</translation>
    </message>
    <message>
        <source>Record of this scope now</source>
        <translation>Запись этого scope сейчас</translation>
    </message>
    <message>
        <source>Record of this scope now, in %1&apos;s store</source>
        <translation>Запись этого scope сейчас, в хранилище %1</translation>
    </message>
    <message>
        <source>The store cannot be read right now (a call is in flight or the database failed; the status bar says which).</source>
        <translation>Хранилище сейчас нельзя прочитать (идёт вызов или произошёл сбой базы данных; что именно&#xa0;— видно в строке состояния).</translation>
    </message>
    <message>
        <source>No record in the store: never claimed, deleted after an error, or swept after expiry.</source>
        <translation>В хранилище нет записи: её не захватывали, удалили после ошибки или убрали очисткой после истечения срока.</translation>
    </message>
    <message>
        <source>state</source>
        <translation>состояние</translation>
    </message>
    <message>
        <source>stuck: %1; only a takeover or an operator can finish it</source>
        <translation>зависла: %1; завершить её может только перехват или оператор</translation>
    </message>
    <message>
        <source>fingerprint</source>
        <translation>fingerprint</translation>
    </message>
    <message>
        <source>payload</source>
        <translation>нагрузка</translation>
    </message>
    <message>
        <source>status</source>
        <translation>статус</translation>
    </message>
    <message>
        <source>stored body</source>
        <translation>сохранённое тело ответа</translation>
    </message>
    <message>
        <source>result</source>
        <translation>результат</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>created</source>
        <translation>создана</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>завершена</translation>
    </message>
    <message>
        <source>expires</source>
        <translation>истекает</translation>
    </message>
    <message>
        <source>lease until</source>
        <translation>аренда до</translation>
    </message>
    <message>
        <source>no lease</source>
        <translation>без аренды</translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation>tombstone</translation>
    </message>
    <message>
        <source>until %1: blocks a new claim and names the earlier result %2</source>
        <translation>до %1: не даёт выполнить новый захват и указывает на прежний результат %2</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(нет)</translation>
    </message>
    <message>
        <source>Events of this scope</source>
        <translation>События этого scope</translation>
    </message>
    <message>
        <source>None yet.</source>
        <translation>Пока нет.</translation>
    </message>
    <message>
        <source>Showing the last %1 of %2 events.</source>
        <translation>Показаны последние %1 событий (всего: %2).</translation>
    </message>
    <message>
        <source>(duplicate)</source>
        <translation>(дубль)</translation>
    </message>
    <message>
        <source>The record of this scope now, at t = %1 (not at this request&apos;s instant):</source>
        <translation>Запись этого scope сейчас, при t = %1 (а не в момент этого запроса):</translation>
    </message>
    <message>
        <source>This record now, at t = %1:</source>
        <translation>Эта запись сейчас, при t = %1:</translation>
    </message>
    <message>
        <source>TTL: %1 left of %2</source>
        <translation>TTL: осталось %1 из %2</translation>
    </message>
    <message>
        <source>TTL: expired %1 ago</source>
        <translation>TTL: истёк %1 назад</translation>
    </message>
    <message>
        <source>Lease: none</source>
        <translation>Аренда: нет</translation>
    </message>
    <message>
        <source>Lease: %1 left of %2</source>
        <translation>Аренда: осталось %1 из %2</translation>
    </message>
    <message>
        <source>Lease: passed %1 ago — another request may take over</source>
        <translation>Аренда: истекла %1 назад&#xa0;— другой запрос может перехватить запись</translation>
    </message>
</context>
<context>
    <name>iw::LessonCaption</name>
    <message>
        <source>▶ Playing to step %1 of %2 (t = %3)…</source>
        <translation>▶ Воспроизведение до шага %1 из %2 (t = %3)…</translation>
    </message>
    <message>
        <source>Step %1 of %2 · t = %3</source>
        <translation>Шаг %1 из %2 · t = %3</translation>
    </message>
    <message>
        <source>Space: there now · Backspace: back · Esc: leave</source>
        <translation>Пробел: сразу туда · Backspace: назад · Esc: выйти</translation>
    </message>
    <message>
        <source>Last step · Backspace: back · Esc: leave</source>
        <translation>Последний шаг · Backspace: назад · Esc: выйти</translation>
    </message>
    <message>
        <source>Space: next · Backspace: back · Esc: leave</source>
        <translation>Пробел: дальше · Backspace: назад · Esc: выйти</translation>
    </message>
    <message numerus="yes">
        <source>Lesson · %n step(s)</source>
        <translation>
            <numerusform>Урок · %n шаг</numerusform>
            <numerusform>Урок · %n шага</numerusform>
            <numerusform>Урок · %n шагов</numerusform>
        </translation>
    </message>
    <message>
        <source>Paused between steps</source>
        <translation>Пауза между шагами</translation>
    </message>
    <message>
        <source>The run was moved by hand. Space plays to the first step again.</source>
        <translation>Прогон сдвинут вручную. Пробел снова запускает воспроизведение до первого шага.</translation>
    </message>
    <message>
        <source>Space: first step · Esc: leave</source>
        <translation>Пробел: первый шаг · Esc: выйти</translation>
    </message>
</context>
<context>
    <name>iw::LessonMode</name>
    <message>
        <source>Play as &amp;Lesson</source>
        <translation>Пройти как &amp;урок</translation>
    </message>
    <message>
        <source>Walk through the scenario&apos;s lesson: the run plays to each step and pauses, the caption says what to look at and the step&apos;s request is selected everywhere. Space: next, Backspace: previous, Esc: leave (Ctrl+Shift+L)</source>
        <translation>Пройти урок сценария: прогон доходит до каждого шага и останавливается, подпись подсказывает, на что смотреть, а запрос шага выделяется во всех панелях. Пробел: следующий шаг, Backspace: предыдущий, Esc: выход (Ctrl+Shift+L)</translation>
    </message>
    <message>
        <source>&amp;Next Lesson Step</source>
        <translation>Сле&amp;дующий шаг урока</translation>
    </message>
    <message>
        <source>Play to the lesson&apos;s next step and pause there (Space)</source>
        <translation>Дойти до следующего шага урока и остановиться на нём (Пробел)</translation>
    </message>
    <message>
        <source>P&amp;revious Lesson Step</source>
        <translation>П&amp;редыдущий шаг урока</translation>
    </message>
    <message>
        <source>Back to the lesson&apos;s previous step: the same run again from t = 0, stopped at its instant (Backspace)</source>
        <translation>Вернуться к предыдущему шагу урока: тот же прогон заново с t = 0 с остановкой в момент этого шага (Backspace)</translation>
    </message>
    <message>
        <source>Lea&amp;ve the Lesson</source>
        <translation>В&amp;ыйти из урока</translation>
    </message>
    <message>
        <source>Back to the normal window; the run stays where it is (Esc)</source>
        <translation>Вернуться к обычному окну; прогон остаётся на месте (Esc)</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Урок</translation>
    </message>
    <message>
        <source>The lesson&apos;s steps: click one to go there (an earlier one runs the same run again from t = 0 and stops at its instant)</source>
        <translation>Шаги урока: щёлкните шаг, чтобы перейти к нему (для одного из предыдущих шагов тот же прогон повторяется с t = 0 и останавливается в его момент)</translation>
    </message>
    <message>
        <source>Left the lesson; the run stays where it was.</source>
        <translation>Урок закрыт; прогон остался на месте.</translation>
    </message>
    <message>
        <source>%1. %2 — %3</source>
        <translation>%1. %2&#xa0;— %3</translation>
    </message>
    <message>
        <source>Lesson step %1 of %2: r%3 is selected.</source>
        <translation>Шаг урока %1 из %2: выделен r%3.</translation>
    </message>
</context>
<context>
    <name>iw::MainWindow</name>
    <message>
        <source>Exported the timeline to %1.</source>
        <translation>Временная шкала экспортирована в %1.</translation>
    </message>
    <message>
        <source>No event left to run.</source>
        <translation>Событий для выполнения больше нет.</translation>
    </message>
    <message>
        <source>Skipped %1 where nothing happens (t = %2 → %3).</source>
        <translation>Пропущено %1 без событий (t = %2 → %3).</translation>
    </message>
    <message>
        <source>Finished at %1: %2, %3, %4.</source>
        <translation>Прогон завершён в %1: %2, %3, %4.</translation>
    </message>
    <message>
        <source>&amp;Live database…</source>
        <translation>&amp;Рабочая база данных…</translation>
    </message>
    <message>
        <source>Connect read-only to a PostgreSQL idempotency table, see its records and anomalies, and follow it</source>
        <translation>Подключиться только для чтения к таблице идемпотентности в PostgreSQL, увидеть её записи и аномалии и следить за ней</translation>
    </message>
    <message>
        <source>&amp;Policy review…</source>
        <translation>Сравнение по&amp;литик…</translation>
    </message>
    <message>
        <source>Compare two to four service and retry policies over thousands of simulated intents under the same faults (Ctrl+R)</source>
        <translation>Сравнить от двух до четырёх политик сервиса и retry на тысячах смоделированных намерений при одних и тех же сбоях (Ctrl+R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выйти</translation>
    </message>
    <message>
        <source>Close the workbench (Ctrl+Q)</source>
        <translation>Закрыть программу (Ctrl+Q)</translation>
    </message>
    <message>
        <source>&amp;Clear selection</source>
        <translation>Снять &amp;выделение</translation>
    </message>
    <message>
        <source>Forget the selected request or record in every panel (Esc)</source>
        <translation>Снять выделение запроса или записи во всех панелях (Esc)</translation>
    </message>
    <message>
        <source>&amp;Reset layout</source>
        <translation>&amp;Сбросить расположение панелей</translation>
    </message>
    <message>
        <source>Put every panel back where it was when the workbench was installed</source>
        <translation>Вернуть все панели на исходные места, как сразу после установки</translation>
    </message>
    <message>
        <source>&amp;Explore…</source>
        <translation>&amp;Исследовать…</translation>
    </message>
    <message>
        <source>Try every combination of faults and latencies the scenario&apos;s explore block allows, within bounds, and find the shortest run that breaks its property</source>
        <translation>Перебрать все сочетания сбоев и задержек, которые допускает блок explore сценария, в заданных границах и найти кратчайший прогон, нарушающий его свойство</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>Сценарий</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>Счётчики</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>Инспектор</translation>
    </message>
    <message>
        <source>Sequence</source>
        <translation>Последовательность</translation>
    </message>
    <message>
        <source>Exported the sequence to %1.</source>
        <translation>Последовательность экспортирована в %1.</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>Запросы</translation>
    </message>
    <message>
        <source>Records</source>
        <translation>Записи</translation>
    </message>
    <message>
        <source>Show or hide the %1 panel</source>
        <translation>Показать или скрыть панель «%1»</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Запуск</translation>
    </message>
    <message>
        <source>&amp;Store</source>
        <translation>&amp;Хранилище</translation>
    </message>
    <message>
        <source>F&amp;ire</source>
        <translation>&amp;Отправка</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Timeline</source>
        <translation>Временная &amp;шкала</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Справка</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Запуск</translation>
    </message>
    <message>
        <source>Virtual time per wall-clock second</source>
        <translation>Сколько виртуального времени проходит за секунду реального</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Временная шкала</translation>
    </message>
    <message>
        <source>Fire</source>
        <translation>Отправка</translation>
    </message>
    <message>
        <source>Teach</source>
        <translation>Обучение</translation>
    </message>
    <message>
        <source>%1 — Idempotency Workbench</source>
        <translation>%1&#xa0;— Idempotency Workbench</translation>
    </message>
    <message>
        <source>The counterexample as a lesson: Space plays to the next step, Esc leaves.</source>
        <translation>Контрпример в виде урока: Пробел&#xa0;— к следующему шагу, Esc&#xa0;— выход.</translation>
    </message>
    <message>
        <source>Closing as soon as the database answers…</source>
        <translation>Закрытие, как только ответит база данных…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln запрос</numerusform>
            <numerusform>%Ln запроса</numerusform>
            <numerusform>%Ln запросов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln effect(s)</source>
        <translation>
            <numerusform>%Ln эффект</numerusform>
            <numerusform>%Ln эффекта</numerusform>
            <numerusform>%Ln эффектов</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln duplicate effect(s)</source>
        <translation>
            <numerusform>%Ln дубль эффекта</numerusform>
            <numerusform>%Ln дубля эффектов</numerusform>
            <numerusform>%Ln дублей эффектов</numerusform>
        </translation>
    </message>
    <message>
        <source>Connect to a live &amp;Redis…</source>
        <translation>Подключиться к рабочему &amp;Redis…</translation>
    </message>
    <message>
        <source>Read the idempotency records a service keeps in Redis (the keys matching a pattern, read only), see their anomalies, page by scan cursor and follow them</source>
        <translation>Читать записи идемпотентности, которые сервис хранит в Redis (ключи по шаблону, только чтение), видеть их аномалии, листать по курсору сканирования и следить за ними</translation>
    </message>
    <message>
        <source>Connect to a live &amp;MySQL table…</source>
        <translation>Подключиться к рабочей таблице &amp;MySQL…</translation>
    </message>
    <message>
        <source>Read the idempotency records a service keeps in a MySQL or MariaDB table (read only), see their anomalies, page in key order and follow them</source>
        <translation>Прочитать записи идемпотентности, которые сервис хранит в таблице MySQL или MariaDB (только чтение), увидеть их аномалии, листать в порядке ключа и следить за ними</translation>
    </message>
</context>
<context>
    <name>iw::PresenterMode</name>
    <message>
        <source>&amp;Presenter Mode</source>
        <translation>&amp;Режим докладчика</translation>
    </message>
    <message>
        <source>Full screen with only the timeline, the sequence and the lesson caption, in larger type for a projector; the run keys still work (F11)</source>
        <translation>Полный экран только с временной шкалой, последовательностью и подписью урока, крупным шрифтом для проектора; клавиши управления прогоном по-прежнему работают (F11)</translation>
    </message>
    <message>
        <source>&amp;Larger Type</source>
        <translation>&amp;Увеличить шрифт</translation>
    </message>
    <message>
        <source>Presenter mode: larger type on the timeline, the sequence and the caption (Ctrl+= or Ctrl++)</source>
        <translation>Режим докладчика: более крупный шрифт на временной шкале, в последовательности и в подписи (Ctrl+= или Ctrl++)</translation>
    </message>
    <message>
        <source>&amp;Smaller Type</source>
        <translation>У&amp;меньшить шрифт</translation>
    </message>
    <message>
        <source>Presenter mode: smaller type on the timeline, the sequence and the caption (Ctrl+-)</source>
        <translation>Режим докладчика: более мелкий шрифт на временной шкале, в последовательности и в подписи (Ctrl+-)</translation>
    </message>
    <message>
        <source>Presenter Mode Keeps the &amp;Inspector</source>
        <translation>Режим докладчика оставляет &amp;инспектор</translation>
    </message>
    <message>
        <source>Presenter mode shows the inspector too: the rule path and the field diff the captions talk about</source>
        <translation>Режим докладчика показывает и инспектор: цепочку правил и различающиеся поля, о которых говорят подписи</translation>
    </message>
    <message>
        <source>Presenter Mode Keeps the &amp;Counters</source>
        <translation>Режим докладчика оставляет &amp;счётчики</translation>
    </message>
    <message>
        <source>Presenter mode shows the counters too: effects and duplicate effects</source>
        <translation>Режим докладчика показывает и счётчики: эффекты и дубли эффектов</translation>
    </message>
</context>
<context>
    <name>iw::RecordsModel</name>
    <message>
        <source>%1 (stuck)</source>
        <translation>%1 (зависшая)</translation>
    </message>
    <message>
        <source>expired %1 ago</source>
        <translation>истёк %1 назад</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>%1 left</source>
        <translation>осталось %1</translation>
    </message>
    <message>
        <source>passed %1 ago</source>
        <translation>истекла %1 назад</translation>
    </message>
    <message>
        <source>Fingerprint stored with the record:
%1</source>
        <translation>Fingerprint, сохранённый в записи:
%1</translation>
    </message>
    <message>
        <source>Stuck: %1. Nobody is looking after it: only a lease takeover or an operator can finish it, and it must not be swept.</source>
        <translation>Зависла: %1. За ней никто не следит: завершить её может только перехват после истечения аренды или оператор, и удалять её очисткой нельзя.</translation>
    </message>
    <message>
        <source>Expired: it no longer protects the scope (a new request may run again, or be refused under a tombstone policy).</source>
        <translation>Срок истёк: запись больше не защищает scope (новый запрос может выполниться снова или, при политике tombstone, получить отказ).</translation>
    </message>
    <message>
        <source>Expires at %1 (virtual time)</source>
        <translation>Истекает в %1 (виртуальное время)</translation>
    </message>
    <message>
        <source>Lease until %1: after it another request may take over</source>
        <translation>Аренда до %1: после этого запись может перехватить другой запрос</translation>
    </message>
    <message>
        <source>No lease: an in-progress record is never taken over</source>
        <translation>Без аренды: запись in_progress никогда не перехватывается</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Субъект</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>TTL left</source>
        <translation>Осталось TTL</translation>
    </message>
    <message>
        <source>Lease</source>
        <translation>Аренда</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Создана</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>Истекает</translation>
    </message>
    <message>
        <source>The state the record shows at the current virtual time, coloured as the legend</source>
        <translation>Состояние записи в текущий момент виртуального времени; цвета&#xa0;— как в легенде</translation>
    </message>
    <message>
        <source>Time left before the record expires, counting down in virtual time</source>
        <translation>Время до истечения срока записи, отсчитывается в виртуальном времени</translation>
    </message>
    <message>
        <source>Time left on the in-progress lease, after which another request may take over</source>
        <translation>Остаток аренды записи in_progress; когда она истечёт, запись может перехватить другой запрос</translation>
    </message>
    <message>
        <source>The effect the record&apos;s owner created (its stable result ID)</source>
        <translation>Эффект, созданный владельцем записи (его стабильный идентификатор результата)</translation>
    </message>
</context>
<context>
    <name>iw::RequestsModel</name>
    <message>
        <source>%1 (copy %2)</source>
        <translation>%1 (копия %2)</translation>
    </message>
    <message>
        <source>(no key)</source>
        <translation>(без key)</translation>
    </message>
    <message>
        <source>never arrived</source>
        <translation>не дошёл</translation>
    </message>
    <message>
        <source>pending…</source>
        <translation>ожидание…</translation>
    </message>
    <message>
        <source>%1 (duplicate)</source>
        <translation>%1 (дубль)</translation>
    </message>
    <message>
        <source>SHA-256 of the canonical payload:
%1</source>
        <translation>SHA-256 канонической формы нагрузки:
%1</translation>
    </message>
    <message>
        <source>Rule path: %1</source>
        <translation>Цепочка правил: %1</translation>
    </message>
    <message>
        <source>Sent at %1, arrived %2, decided %3</source>
        <translation>Отправлен: %1, получен: %2, решение: %3</translation>
    </message>
    <message>
        <source>never</source>
        <translation>никогда</translation>
    </message>
    <message>
        <source>not yet</source>
        <translation>ещё нет</translation>
    </message>
    <message>
        <source>A duplicate effect: this intent&apos;s business action ran more than once.</source>
        <translation>Дубль эффекта: бизнес-действие этого намерения выполнилось больше одного раза.</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Запрос</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>Отправлен</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Клиент</translation>
    </message>
    <message>
        <source>Intent</source>
        <translation>Намерение</translation>
    </message>
    <message>
        <source>Attempt</source>
        <translation>Попытка</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Key</translation>
    </message>
    <message>
        <source>Fingerprint</source>
        <translation>Fingerprint</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>Решение</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Статус</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Client outcome</source>
        <translation>Исход для клиента</translation>
    </message>
    <message>
        <source>Effect</source>
        <translation>Эффект</translation>
    </message>
    <message>
        <source>Virtual time at which the client sent this attempt</source>
        <translation>Виртуальное время, когда клиент отправил эту попытку</translation>
    </message>
    <message>
        <source>Attempt number of this copy of the intent (copies are double-submits)</source>
        <translation>Номер попытки в этой копии намерения (копии&#xa0;— это двойная отправка)</translation>
    </message>
    <message>
        <source>The first 12 hex digits of the payload&apos;s SHA-256 fingerprint</source>
        <translation>Первые 12 шестнадцатеричных цифр SHA-256 fingerprint нагрузки</translation>
    </message>
    <message>
        <source>What the service decided, coloured as the legend (Help → How to read this window)</source>
        <translation>Решение сервиса; цвета&#xa0;— как в легенде (Справка → Как читать это окно)</translation>
    </message>
    <message>
        <source>What the client saw: the response, a timeout, a dropped response, or a request that never arrived</source>
        <translation>Что увидел клиент: ответ, тайм-аут, потерянный ответ или запрос, который не дошёл</translation>
    </message>
    <message>
        <source>The business effect this request executed, if any; duplicates are marked in red</source>
        <translation>Бизнес-эффект, выполненный этим запросом (если был); дубли отмечены красным</translation>
    </message>
</context>
<context>
    <name>iw::RunController</name>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Пуск</translation>
    </message>
    <message>
        <source>Play: advance virtual time at the chosen speed (F5)</source>
        <translation>Пуск: виртуальное время идёт с выбранной скоростью (F5)</translation>
    </message>
    <message>
        <source>P&amp;ause</source>
        <translation>П&amp;ауза</translation>
    </message>
    <message>
        <source>Pause: stop virtual time; nothing is lost (F5)</source>
        <translation>Пауза: остановить виртуальное время; ничего не теряется (F5)</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>&amp;Шаг</translation>
    </message>
    <message>
        <source>Step: pause and run exactly the next event (F10)</source>
        <translation>Шаг: приостановить и выполнить ровно одно следующее событие (F10)</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>&amp;Сбросить</translation>
    </message>
    <message>
        <source>Reset: rewind to t = 0 with the current policies; requests you fired are replayed (Ctrl+Shift+F5)</source>
        <translation>Сбросить: вернуться к t = 0 с текущими политиками; отправленные вами запросы будут отправлены снова (Ctrl+Shift+F5)</translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation>Бы&amp;стрее</translation>
    </message>
    <message>
        <source>Faster: ten times more virtual time per second (Ctrl+])</source>
        <translation>Быстрее: в десять раз больше виртуального времени за секунду (Ctrl+])</translation>
    </message>
    <message>
        <source>S&amp;lower</source>
        <translation>&amp;Медленнее</translation>
    </message>
    <message>
        <source>Slower: ten times less virtual time per second (Ctrl+[)</source>
        <translation>Медленнее: в десять раз меньше виртуального времени за секунду (Ctrl+[)</translation>
    </message>
    <message>
        <source>S&amp;kip to Next Event</source>
        <translation>&amp;К следующему событию</translation>
    </message>
    <message>
        <source>Skip idle time: jump the clock to the next event and run it, playing or paused (Ctrl+F10)</source>
        <translation>Пропустить простой: перевести часы к следующему событию и выполнить его&#xa0;— и во время воспроизведения, и на паузе (Ctrl+F10)</translation>
    </message>
    <message>
        <source>Skip &amp;Idle Time Automatically</source>
        <translation>А&amp;втоматически пропускать простой</translation>
    </message>
    <message>
        <source>While playing, jump over stretches where nothing happens for more than 1.5 s of wall time at the chosen speed (a 24-hour wait plays in moments)</source>
        <translation>Во время воспроизведения перескакивать промежутки, в которых при выбранной скорости больше 1,5&#xa0;с реального времени ничего не происходит (24-часовое ожидание проходит за мгновения)</translation>
    </message>
    <message>
        <source>The run stopped: %1.</source>
        <translation>Прогон остановлен: %1.</translation>
    </message>
    <message>
        <source>The %1 store failed (%2); the workbench went back to the memory store.</source>
        <translation>Сбой хранилища %1 (%2); программа вернулась к хранилищу в памяти.</translation>
    </message>
    <message>
        <source>Rewinding could not empty the %1 store (%2); the workbench went back to the memory store.</source>
        <translation>При перемотке не удалось опустошить хранилище %1 (%2); программа вернулась к хранилищу в памяти.</translation>
    </message>
    <message numerus="yes">
        <source>%n more event(s)</source>
        <translation>
            <numerusform>ещё %n событие</numerusform>
            <numerusform>ещё %n события</numerusform>
            <numerusform>ещё %n событий</numerusform>
        </translation>
    </message>
    <message>
        <source>At t = %1: %2</source>
        <translation>При t = %1: %2</translation>
    </message>
    <message>
        <source>Play on: no events are left; the clock runs on so TTLs and leases count down (F5)</source>
        <translation>Продолжить: событий больше нет; часы идут дальше, и TTL и аренды продолжают истекать (F5)</translation>
    </message>
    <message>
        <source>1/%1×</source>
        <translation>1/%1×</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>This scenario runs on the %1 store engine, which the %2 store is not; the workbench runs it on its embedded %1 model.</source>
        <translation>Этот сценарий работает на движке хранилища %1, а хранилище %2 — другой движок; программа запускает его на встроенной модели %1.</translation>
    </message>
    <message>
        <source>The MySQL server&apos;s table was made for the scenario it was switched to with (its claim statement, isolation and key column); this scenario runs on the embedded mysql model. Switch to MySQL again to run it on the server.</source>
        <translation>Таблица на сервере MySQL создана для сценария, с которым на него переключились (его оператор захвата, уровень изоляции и столбец ключа); этот сценарий работает на встроенной модели mysql. Переключитесь на MySQL снова, чтобы запустить его на сервере.</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>Без названия</translation>
    </message>
    <message>
        <source>No scenario loaded: edit the policies and fire requests by hand, or pick a preset.</source>
        <translation>Сценарий не загружен: измените политики и отправляйте запросы вручную или выберите готовый сценарий.</translation>
    </message>
</context>
<context>
    <name>iw::RunTables</name>
    <message>
        <source>Filter requests…</source>
        <translation>Фильтр запросов…</translation>
    </message>
    <message>
        <source>Filter records…</source>
        <translation>Фильтр записей…</translation>
    </message>
    <message>
        <source>Shows only the rows where some column contains this text (case-insensitive)</source>
        <translation>Показывает только строки, в которых какой-либо столбец содержит этот текст (без учёта регистра)</translation>
    </message>
</context>
<context>
    <name>iw::ScenarioFiles</name>
    <message>
        <source>A blank scenario at t = 0: fire requests from the Scenario panel.</source>
        <translation>Пустой сценарий, t = 0: отправляйте запросы с панели «Сценарий».</translation>
    </message>
    <message>
        <source>&amp;New scenario</source>
        <translation>&amp;Новый сценарий</translation>
    </message>
    <message>
        <source>Start from the blank scenario: one client, the ietf profile, nothing fired yet (Ctrl+N)</source>
        <translation>Начать с пустого сценария: один клиент, профиль ietf, пока ничего не отправлено (Ctrl+N)</translation>
    </message>
    <message>
        <source>&amp;Open scenario…</source>
        <translation>&amp;Открыть сценарий…</translation>
    </message>
    <message>
        <source>Open a scenario file (idempotency-workbench/scenario@1 JSON) (Ctrl+O)</source>
        <translation>Открыть файл сценария (JSON idempotency-workbench/scenario@1) (Ctrl+O)</translation>
    </message>
    <message>
        <source>&amp;Save scenario as…</source>
        <translation>&amp;Сохранить сценарий как…</translation>
    </message>
    <message>
        <source>Save the scenario with the edited policies and every request fired so far, to replay it later (Ctrl+S)</source>
        <translation>Сохранить сценарий с изменёнными политиками и всеми отправленными до сих пор запросами, чтобы воспроизвести его позже (Ctrl+S)</translation>
    </message>
    <message>
        <source>&amp;Export report…</source>
        <translation>&amp;Экспортировать отчёт…</translation>
    </message>
    <message>
        <source>Write the report of the run so far as JSON, CSV or Markdown (Ctrl+E)</source>
        <translation>Записать отчёт о прогоне на текущий момент в JSON, CSV или Markdown (Ctrl+E)</translation>
    </message>
    <message>
        <source>Cannot open scenario</source>
        <translation>Не удаётся открыть сценарий</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>Открыть сценарий</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>Сценарии (*.json);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Nothing to save</source>
        <translation>Нечего сохранять</translation>
    </message>
    <message>
        <source>A scenario file needs at least one request: fire one first, or open a preset.</source>
        <translation>В файле сценария должен быть хотя бы один запрос: сначала отправьте запрос или откройте готовый сценарий.</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>Сохранить сценарий</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>Сценарии (*.json)</translation>
    </message>
    <message>
        <source>Cannot save scenario</source>
        <translation>Не удаётся сохранить сценарий</translation>
    </message>
    <message>
        <source>Saved the scenario to %1.</source>
        <translation>Сценарий сохранён в %1.</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удаётся записать %1: %2</translation>
    </message>
    <message>
        <source>The store is busy; export once the database has answered.</source>
        <translation>Хранилище занято; экспортируйте, когда база данных ответит.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>Не удаётся записать %1.</translation>
    </message>
    <message>
        <source>Cannot export the report: the store failed (%1).</source>
        <translation>Не удаётся экспортировать отчёт: сбой хранилища (%1).</translation>
    </message>
    <message>
        <source>Writing %1 failed.</source>
        <translation>Не удалось записать %1.</translation>
    </message>
    <message>
        <source>JSON report (*.json)</source>
        <translation>Отчёт JSON (*.json)</translation>
    </message>
    <message>
        <source>CSV requests table and summary (*.csv)</source>
        <translation>Таблица запросов и сводка в CSV (*.csv)</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>Экспорт отчёта</translation>
    </message>
    <message>
        <source>Cannot export report</source>
        <translation>Не удаётся экспортировать отчёт</translation>
    </message>
    <message>
        <source>Exported the report of the run so far to %1.</source>
        <translation>Отчёт о прогоне на текущий момент экспортирован в %1.</translation>
    </message>
</context>
<context>
    <name>iw::ScenarioPanel</name>
    <message>
        <source>The client that sends fired requests; its policy is on the Client tab</source>
        <translation>Клиент, который отправляет запросы; его политика&#xa0;— на вкладке «Политика клиента»</translation>
    </message>
    <message>
        <source>Add client</source>
        <translation>Добавить клиента</translation>
    </message>
    <message>
        <source>Add a client with another actor (for example to show that a key is scoped by actor); rewinds the run</source>
        <translation>Добавить клиента с другим субъектом (например, чтобы показать, что субъект входит в scope key); прогон перематывается в начало</translation>
    </message>
    <message>
        <source>&amp;Client:</source>
        <translation>&amp;Клиент:</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Запрос</translation>
    </message>
    <message>
        <source>Service policy</source>
        <translation>Политика сервиса</translation>
    </message>
    <message>
        <source>Client policy</source>
        <translation>Политика клиента</translation>
    </message>
    <message>
        <source>What the next Fire sends</source>
        <translation>Что отправит следующее нажатие «Отправить»</translation>
    </message>
    <message>
        <source>How the service decides; editing rewinds the run under the new policy</source>
        <translation>Как решает сервис; изменение перематывает прогон в начало с новой политикой</translation>
    </message>
    <message>
        <source>How the selected client times out and retries; editing rewinds the run</source>
        <translation>Когда у выбранного клиента срабатывает тайм-аут и как он повторяет запросы; изменение перематывает прогон в начало</translation>
    </message>
    <message>
        <source>&amp;Fire</source>
        <translation>&amp;Отправить</translation>
    </message>
    <message>
        <source>Fire: send the request form once, now (Ctrl+Enter)</source>
        <translation>Отправить: запрос из формы, один раз, сейчас (Ctrl+Enter)</translation>
    </message>
    <message>
        <source>Fire N in &amp;parallel</source>
        <translation>Отправить N &amp;параллельно</translation>
    </message>
    <message>
        <source>Fire N identical copies at the same instant, one intent with one key: a double-click or two open tabs (Ctrl+Shift+Enter)</source>
        <translation>Отправить N одинаковых копий в один и тот же момент, одно намерение с одним key: двойной щелчок или две открытые вкладки (Ctrl+Shift+Enter)</translation>
    </message>
    <message>
        <source>Fire after &amp;delay</source>
        <translation>Отправить с &amp;задержкой</translation>
    </message>
    <message>
        <source>Fire the request form once, the given virtual delay from now (Alt+Enter)</source>
        <translation>Отправить запрос из формы один раз через заданную виртуальную задержку (Alt+Enter)</translation>
    </message>
    <message>
        <source>Retry &amp;storm</source>
        <translation>&amp;Шквал retry</translation>
    </message>
    <message>
        <source>Fire N copies whose client retries on timeouts, 409 and 5xx with jitter: a thundering herd on one key (Ctrl+Alt+Enter)</source>
        <translation>Отправить N копий, клиент которых повторяет запрос при тайм-аутах, 409 и 5xx со случайным разбросом: лавина запросов на один key (Ctrl+Alt+Enter)</translation>
    </message>
    <message>
        <source>Copy as &amp;curl</source>
        <translation>Копировать как &amp;curl</translation>
    </message>
    <message>
        <source>Copy a curl command line that sends the request form to the server started with Run → Serve over HTTP</source>
        <translation>Скопировать командную строку curl, которая отправляет запрос из формы на сервер, запущенный командой Запуск → Обслуживать по HTTP</translation>
    </message>
    <message>
        <source>Preset scenarios</source>
        <translation>Готовые сценарии</translation>
    </message>
    <message>
        <source>Ready-made races and failures; click one to load it (the run rewinds to t = 0)</source>
        <translation>Готовые гонки и сбои; щёлкните сценарий, чтобы загрузить его (прогон перематывается к t = 0)</translation>
    </message>
    <message>
        <source>No presets found: use File → Open scenario…</source>
        <translation>Готовые сценарии не найдены: используйте Файл → Открыть сценарий…</translation>
    </message>
    <message>
        <source>The operation: with the actor and the key it makes the scope a key is unique in</source>
        <translation>Операция: вместе с субъектом и key образует scope, в котором key уникален</translation>
    </message>
    <message>
        <source>&amp;Operation:</source>
        <translation>Опе&amp;рация:</translation>
    </message>
    <message>
        <source>literal</source>
        <translation>вручную</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>auto</translation>
    </message>
    <message>
        <source>none</source>
        <translation>без key</translation>
    </message>
    <message>
        <source>Literal: the key typed here; auto: the client makes a UUIDv4 once per intent; none: the request carries no Idempotency-Key</source>
        <translation>Вручную: key, введённый здесь; auto: клиент создаёт UUIDv4 один раз на намерение; без key: запрос не содержит Idempotency-Key</translation>
    </message>
    <message>
        <source>The Idempotency-Key sent (the service judges it: empty or too long keys are invalid)</source>
        <translation>Отправляемый Idempotency-Key (его проверяет сервис: пустой или слишком длинный key недопустим)</translation>
    </message>
    <message>
        <source>&amp;Key:</source>
        <translation>&amp;Key:</translation>
    </message>
    <message>
        <source>a new intent for each fire</source>
        <translation>новое намерение на отправку</translation>
    </message>
    <message>
        <source>Fires naming the same intent are one logical operation (a retry, a replay from a queue): more than one effect among them is a duplicate effect</source>
        <translation>Отправки с одним и тем же намерением&#xa0;— одна логическая операция (retry, повторная доставка из очереди): больше одного эффекта среди них&#xa0;— дубль эффекта</translation>
    </message>
    <message>
        <source>I&amp;ntent:</source>
        <translation>&amp;Намерение:</translation>
    </message>
    <message>
        <source>The JSON payload; it is validated as you type (strict I-JSON: no duplicate names)</source>
        <translation>Полезная нагрузка в JSON; проверяется по мере ввода (строгий I-JSON: без повторяющихся имён)</translation>
    </message>
    <message>
        <source>&amp;Payload:</source>
        <translation>На&amp;грузка:</translation>
    </message>
    <message>
        <source>RFC 8785 canonical form of the significant part of the payload: what is hashed</source>
        <translation>Каноническая форма (RFC 8785) значимой части нагрузки: именно она хешируется</translation>
    </message>
    <message>
        <source>Canonical:</source>
        <translation>Канон. форма:</translation>
    </message>
    <message>
        <source>SHA-256 of the canonical form: two requests carry the same payload exactly when their fingerprints are equal</source>
        <translation>SHA-256 канонической формы: нагрузка двух запросов одинакова тогда и только тогда, когда совпадают их fingerprint</translation>
    </message>
    <message>
        <source>Fingerprint:</source>
        <translation>Fingerprint:</translation>
    </message>
    <message>
        <source>Faults for the next fire</source>
        <translation>Сбои для следующей отправки</translation>
    </message>
    <message>
        <source>Each ticked fault strikes the first attempt of the next fired request, then unticks</source>
        <translation>Каждый отмеченный сбой срабатывает на первой попытке следующего отправленного запроса, после чего отметка снимается</translation>
    </message>
    <message>
        <source>drop request</source>
        <translation>потеря запроса</translation>
    </message>
    <message>
        <source>The request is lost on its way: it never arrives</source>
        <translation>Запрос теряется по дороге и не доходит до сервиса</translation>
    </message>
    <message>
        <source>drop response</source>
        <translation>потеря ответа</translation>
    </message>
    <message>
        <source>The service answers but the response is lost</source>
        <translation>Сервис отвечает, но ответ теряется</translation>
    </message>
    <message>
        <source>handler error</source>
        <translation>ошибка обработчика</translation>
    </message>
    <message>
        <source>The handler fails with 500 after execution began, without an effect</source>
        <translation>Обработчик завершается ошибкой 500 после начала исполнения, без эффекта</translation>
    </message>
    <message>
        <source>reject payload</source>
        <translation>отклонение нагрузки</translation>
    </message>
    <message>
        <source>Validation fails with 400 before execution: nothing is stored</source>
        <translation>Проверка не проходит (400) до начала исполнения: ничего не сохраняется</translation>
    </message>
    <message>
        <source>crash before effect</source>
        <translation>падение до эффекта</translation>
    </message>
    <message>
        <source>The handling process dies at the handler&apos;s end, before the effect: the record stays in progress</source>
        <translation>Процесс, обрабатывающий запрос, падает в конце работы обработчика, до эффекта: запись остаётся в состоянии in_progress</translation>
    </message>
    <message>
        <source>crash after effect</source>
        <translation>падение после эффекта</translation>
    </message>
    <message>
        <source>The process dies just after the external effect: no completion, no response</source>
        <translation>Процесс падает сразу после внешнего эффекта: ни завершения, ни ответа</translation>
    </message>
    <message>
        <source>slow handler</source>
        <translation>медленный обработчик</translation>
    </message>
    <message>
        <source>The handler takes 2 s instead of handler_ms</source>
        <translation>Обработчик работает 2&#xa0;с вместо handler_ms</translation>
    </message>
    <message>
        <source>P&amp;rofile:</source>
        <translation>Проф&amp;иль:</translation>
    </message>
    <message>
        <source>How the claim is made: unique_claim is correct; check_then_insert and seen_flag show the classic races; none has no protection</source>
        <translation>Как выполняется захват: unique_claim&#xa0;— правильный способ; check_then_insert и seen_flag показывают классические гонки; none не даёт никакой защиты</translation>
    </message>
    <message>
        <source>&amp;Strategy:</source>
        <translation>&amp;Стратегия:</translation>
    </message>
    <message>
        <source>A request without a key is refused (missing_key)</source>
        <translation>Запрос без key отклоняется (missing_key)</translation>
    </message>
    <message>
        <source>Require key:</source>
        <translation>Требовать key:</translation>
    </message>
    <message>
        <source>Shortest accepted key, in Unicode code points</source>
        <translation>Минимальная допустимая длина key в кодовых точках Unicode</translation>
    </message>
    <message>
        <source>to</source>
        <translation>до</translation>
    </message>
    <message>
        <source>Key length:</source>
        <translation>Длина key:</translation>
    </message>
    <message>
        <source>Time to live: a completed record expires this long after its claim</source>
        <translation>Время жизни: запись в состоянии completed истекает через это время после захвата</translation>
    </message>
    <message>
        <source>&amp;TTL:</source>
        <translation>&amp;TTL:</translation>
    </message>
    <message>
        <source>With a lease, an in-progress record whose lease has passed may be taken over</source>
        <translation>С арендой запись в состоянии in_progress, аренда которой истекла, можно перехватить</translation>
    </message>
    <message>
        <source>In-progress lease:</source>
        <translation>Аренда in_progress:</translation>
    </message>
    <message>
        <source>forget</source>
        <translation>forget</translation>
    </message>
    <message>
        <source>tombstone</source>
        <translation>tombstone</translation>
    </message>
    <message>
        <source>forget: an expired key runs again; tombstone: it is refused for reconciliation while the tombstone lasts</source>
        <translation>forget: истёкший key выполняется снова; tombstone: пока хранится tombstone, key отклоняется для сверки</translation>
    </message>
    <message>
        <source>How long a tombstone outlives the record&apos;s expiry</source>
        <translation>Сколько tombstone хранится после истечения срока записи</translation>
    </message>
    <message>
        <source>After expiry:</source>
        <translation>После истечения:</translation>
    </message>
    <message>
        <source>On: a failed handler&apos;s error is stored and replayed; off: an error deletes the record so a retry may run (Powertools)</source>
        <translation>Вкл.: ошибка обработчика сохраняется и отдаётся повторно (replay); выкл.: ошибка удаляет запись, и retry может выполниться (Powertools)</translation>
    </message>
    <message>
        <source>Cache errors:</source>
        <translation>Кешировать ошибки:</translation>
    </message>
    <message>
        <source>HTTP status of payload_mismatch</source>
        <translation>HTTP-статус для payload_mismatch</translation>
    </message>
    <message>
        <source>HTTP status of conflict_in_progress</source>
        <translation>HTTP-статус для conflict_in_progress</translation>
    </message>
    <message>
        <source>HTTP status of missing_key</source>
        <translation>HTTP-статус для missing_key</translation>
    </message>
    <message>
        <source>HTTP status of expired_rejected</source>
        <translation>HTTP-статус для expired_rejected</translation>
    </message>
    <message>
        <source>Mismatch status:</source>
        <translation>Статус несоответствия:</translation>
    </message>
    <message>
        <source>In-progress status:</source>
        <translation>Статус для in_progress:</translation>
    </message>
    <message>
        <source>Missing-key status:</source>
        <translation>Статус без key:</translation>
    </message>
    <message>
        <source>Expired status:</source>
        <translation>Статус для expired:</translation>
    </message>
    <message>
        <source>whole payload</source>
        <translation>вся нагрузка</translation>
    </message>
    <message>
        <source>JSON Pointers of the only fields that count (comma separated), e.g. /amount, /currency</source>
        <translation>JSON Pointer единственных учитываемых полей (через запятую), например /amount, /currency</translation>
    </message>
    <message>
        <source>nothing ignored</source>
        <translation>ничего не игнорируется</translation>
    </message>
    <message>
        <source>JSON Pointers of fields the fingerprint ignores (comma separated), e.g. /client_note</source>
        <translation>JSON Pointer полей, которые fingerprint не учитывает (через запятую), например /client_note</translation>
    </message>
    <message>
        <source>Fingerprint &amp;only:</source>
        <translation>&amp;Учитывать в fingerprint:</translation>
    </message>
    <message>
        <source>Fingerprint &amp;ignore:</source>
        <translation>Иг&amp;норировать в fingerprint:</translation>
    </message>
    <message>
        <source>How long the business handler runs</source>
        <translation>Сколько работает обработчик бизнес-действия</translation>
    </message>
    <message>
        <source>How long each store step takes; a step reads at its start and writes at its end</source>
        <translation>Сколько длится каждый шаг хранилища; шаг читает в начале и записывает в конце</translation>
    </message>
    <message>
        <source>One-way network latency between client and service</source>
        <translation>Задержка сети в одну сторону между клиентом и сервисом</translation>
    </message>
    <message>
        <source>&amp;Handler:</source>
        <translation>О&amp;бработчик:</translation>
    </message>
    <message>
        <source>Store step:</source>
        <translation>Шаг хранилища:</translation>
    </message>
    <message>
        <source>&amp;Network:</source>
        <translation>С&amp;еть:</translation>
    </message>
    <message>
        <source>A periodic sweep deletes completed records past their expiry (never in-progress ones)</source>
        <translation>Периодическая очистка удаляет истёкшие записи в состоянии completed (но никогда&#xa0;— записи in_progress)</translation>
    </message>
    <message>
        <source>Sweep every:</source>
        <translation>Очистка каждые:</translation>
    </message>
    <message>
        <source>Who the client acts for: part of the scope, so the same key from another actor is another record</source>
        <translation>От чьего имени действует клиент: часть scope, поэтому тот же key от другого субъекта&#xa0;— это другая запись</translation>
    </message>
    <message>
        <source>&amp;Actor:</source>
        <translation>Су&amp;бъект:</translation>
    </message>
    <message>
        <source>The client gives up waiting for an answer after this long</source>
        <translation>Через это время клиент перестаёт ждать ответа</translation>
    </message>
    <message>
        <source>T&amp;imeout:</source>
        <translation>&amp;Тайм-аут:</translation>
    </message>
    <message>
        <source>Attempts per copy, the first included</source>
        <translation>Попыток на копию, включая первую</translation>
    </message>
    <message>
        <source>Max a&amp;ttempts:</source>
        <translation>&amp;Макс. попыток:</translation>
    </message>
    <message>
        <source>exponential: base·2^(n−1), capped; constant: base, capped</source>
        <translation>exponential: начальная·2^(n−1), не больше предела; constant: начальная, не больше предела</translation>
    </message>
    <message>
        <source>&amp;Backoff:</source>
        <translation>Задер&amp;жка:</translation>
    </message>
    <message>
        <source>The first retry&apos;s wait</source>
        <translation>Ожидание перед первым retry</translation>
    </message>
    <message>
        <source>Base:</source>
        <translation>Начальная:</translation>
    </message>
    <message>
        <source>No wait is longer than this</source>
        <translation>Ни одно ожидание не длиннее этого значения</translation>
    </message>
    <message>
        <source>Cap:</source>
        <translation>Предел:</translation>
    </message>
    <message>
        <source>Randomises waits so that clients that failed together do not retry together</source>
        <translation>Делает ожидания случайными, чтобы клиенты, получившие сбой одновременно, не повторяли запросы тоже одновременно</translation>
    </message>
    <message>
        <source>&amp;Jitter:</source>
        <translation>&amp;Разброс:</translation>
    </message>
    <message>
        <source>timeout</source>
        <translation>timeout</translation>
    </message>
    <message>
        <source>409</source>
        <translation>409</translation>
    </message>
    <message>
        <source>422</source>
        <translation>422</translation>
    </message>
    <message>
        <source>5xx</source>
        <translation>5xx</translation>
    </message>
    <message>
        <source>503</source>
        <translation>503</translation>
    </message>
    <message>
        <source>Retry on:</source>
        <translation>Повторять при:</translation>
    </message>
    <message>
        <source>How a retry after conflict_in_progress is made; new_key is the anti-pattern that defeats the key</source>
        <translation>Как выполняется retry после conflict_in_progress; new_key&#xa0;— антипаттерн, который сводит на нет смысл key</translation>
    </message>
    <message>
        <source>On &amp;conflict:</source>
        <translation>При ко&amp;нфликте:</translation>
    </message>
    <message>
        <source>Fire</source>
        <translation>Отправка</translation>
    </message>
    <message>
        <source>N = </source>
        <translation>N = </translation>
    </message>
    <message>
        <source>How many identical copies Fire N in parallel sends</source>
        <translation>Сколько одинаковых копий отправляет «Отправить N параллельно»</translation>
    </message>
    <message>
        <source>How many copies the retry storm sends</source>
        <translation>Сколько копий отправляет шквал retry</translation>
    </message>
    <message>
        <source>Virtual delay before Fire after delay sends</source>
        <translation>Виртуальная задержка, после которой «Отправить с задержкой» отправляет запрос</translation>
    </message>
    <message>
        <source>%1 (actor %2)</source>
        <translation>%1 (субъект %2)</translation>
    </message>
    <message>
        <source>Policy of client &lt;b&gt;%1&lt;/b&gt; (edits rewind the run):</source>
        <translation>Политика клиента &lt;b&gt;%1&lt;/b&gt; (изменения перематывают прогон в начало):</translation>
    </message>
    <message>
        <source>Loaded “%1”: press Play to run it.</source>
        <translation>Загружен сценарий «%1»: нажмите «Пуск».</translation>
    </message>
    <message>
        <source>Cannot load %1: %2</source>
        <translation>Не удаётся загрузить %1: %2</translation>
    </message>
    <message>
        <source>Fingerprint selection: %1</source>
        <translation>Выбор полей fingerprint: %1</translation>
    </message>
    <message>
        <source>The shortest key length is above the longest.</source>
        <translation>Минимальная длина key больше максимальной.</translation>
    </message>
    <message>
        <source>Policy changed: rewound to t = 0; requests fired so far replay under the new policy.</source>
        <translation>Политика изменена: прогон перемотан к t = 0; отправленные до сих пор запросы воспроизводятся заново по новой политике.</translation>
    </message>
    <message>
        <source>Added client %1 acting for %2; the run rewound to t = 0.</source>
        <translation>Добавлен клиент %1, действующий от имени %2; прогон перемотан к t = 0.</translation>
    </message>
    <message>
        <source>Line %1, column %2: %3</source>
        <translation>Строка %1, столбец %2: %3</translation>
    </message>
    <message>
        <source>Invalid JSON, cannot fire. %1</source>
        <translation>Некорректный JSON, отправка невозможна. %1</translation>
    </message>
    <message>
        <source>Not fired: the payload is not valid JSON (%1).</source>
        <translation>Не отправлено: нагрузка не является корректным JSON (%1).</translation>
    </message>
    <message>
        <source>Not fired: choose a client first.</source>
        <translation>Не отправлено: сначала выберите клиента.</translation>
    </message>
    <message>
        <source> Client %1 did not retry: retries are now on (5 attempts on timeout, 409 and 5xx, full jitter) and the run rewound.</source>
        <translation> Клиент %1 не повторял запросы: теперь retry включён (5 попыток при timeout, 409 и 5xx, разброс full), а прогон перемотан в начало.</translation>
    </message>
    <message>
        <source>at %1</source>
        <translation>в %1</translation>
    </message>
    <message>
        <source>now</source>
        <translation>сейчас</translation>
    </message>
    <message>
        <source>Fired one request %1.</source>
        <translation>Один запрос отправлен %1.</translation>
    </message>
    <message>
        <source>Fired %1 copies in parallel %2.</source>
        <translation>Параллельно отправлено копий: %1 (%2).</translation>
    </message>
    <message>
        <source>Retry storm: %1 copies fired %2.</source>
        <translation>Шквал retry&#xa0;— отправлено копий: %1 (%2).</translation>
    </message>
    <message>
        <source>Faults: %1.</source>
        <translation>Сбои: %1.</translation>
    </message>
    <message>
        <source>The clock is stopped: press Play to let it reach the send.</source>
        <translation>Часы остановлены: нажмите «Пуск», чтобы дойти до момента отправки.</translation>
    </message>
    <message>
        <source>Sent; the clock is stopped: press Play or Step to see it handled.</source>
        <translation>Отправлено; часы остановлены: нажмите «Пуск» или «Шаг», чтобы увидеть обработку.</translation>
    </message>
    <message>
        <source>Defaults from a real system (IETF draft, Stripe, AWS Powertools, brandur&apos;s rocket-rides, the npm libraries express-idempotency 1.0.6 and node-idempotency 1.0.11); choosing one resets the fields below to its defaults</source>
        <translation>Значения по умолчанию из реальной системы (черновик IETF, Stripe, AWS Powertools, rocket-rides brandur, библиотеки npm express-idempotency 1.0.6 и node-idempotency 1.0.11); выбор профиля сбрасывает поля ниже к его значениям</translation>
    </message>
    <message>
        <source>Longest accepted key, in Unicode code points (at most 256; &quot;no limit&quot; as express-idempotency)</source>
        <translation>Самый длинный допустимый key в кодовых точках Unicode (не больше 256; «без ограничения» — как в express-idempotency)</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>без ограничения</translation>
    </message>
    <message>
        <source>never</source>
        <translation>не истекает</translation>
    </message>
    <message>
        <source>Records never expire (express-idempotency keeps them for the life of the process)</source>
        <translation>Записи не истекают (express-idempotency хранит их, пока работает процесс)</translation>
    </message>
    <message>
        <source>Key scope:</source>
        <translation>Scope ключа:</translation>
    </message>
    <message>
        <source>What a key&apos;s uniqueness covers: actor_operation (the actor, the operation and the key), operation, actor, global (the key alone: another user with the same key gets the first one&apos;s answer) or operation_query (the operation with its query string, as node-idempotency)</source>
        <translation>Что охватывает уникальность key: actor_operation (субъект, операция и key), operation, actor, global (только key: другой пользователь с тем же key получает ответ первого) или operation_query (операция вместе со строкой запроса, как в node-idempotency)</translation>
    </message>
    <message>
        <source>Key syntax:</source>
        <translation>Синтаксис key:</translation>
    </message>
    <message>
        <source>How a served request&apos;s Idempotency-Key header is read: sf-string (one double-quoted RFC 8941 String, as the IETF draft) or raw (the header&apos;s text as sent, quotes included)</source>
        <translation>Как читается заголовок Idempotency-Key обслуживаемого запроса: sf-string (одна строка RFC 8941 в двойных кавычках, как в черновике IETF) или raw (текст заголовка как есть, вместе с кавычками)</translation>
    </message>
    <message>
        <source>Fingerprint form:</source>
        <translation>Форма fingerprint:</translation>
    </message>
    <message>
        <source>canonical: RFC 8785, member order does not count; ordered: JSON.stringify of the parsed body, member order counts (node-idempotency); raw: the body&apos;s bytes as sent</source>
        <translation>canonical: RFC 8785, порядок членов не важен; ordered: JSON.stringify разобранного тела, порядок членов важен (node-idempotency); raw: байты тела как есть</translation>
    </message>
    <message>
        <source>Fingerprint covers:</source>
        <translation>Fingerprint учитывает:</translation>
    </message>
    <message>
        <source>The request&apos;s %1 counts in its fingerprint: a retry that changes it is a payload mismatch</source>
        <translation>%1 запроса входит в его fingerprint: retry, который это меняет, — несоответствие нагрузки</translation>
    </message>
    <message>
        <source>Retry-After:</source>
        <translation>Retry-After:</translation>
    </message>
    <message>
        <source>A Retry-After header on conflict_in_progress (node-idempotency sends 1 s)</source>
        <translation>Заголовок Retry-After при conflict_in_progress (node-idempotency отправляет 1 с)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> с</translation>
    </message>
    <message>
        <source>Wait if in progress:</source>
        <translation>Ждать, если in_progress:</translation>
    </message>
    <message>
        <source>A request that finds the record in progress waits up to this long for it to finish, then answers as if it had arrived then (node-idempotency&apos;s wait strategy)</source>
        <translation>Запрос, который застаёт запись в состоянии in_progress, ждёт её завершения не дольше этого и затем отвечает так, будто пришёл в тот момент (стратегия ожидания node-idempotency)</translation>
    </message>
    <message>
        <source>The fingerprint must cover at least one part of the request.</source>
        <translation>Fingerprint должен учитывать хотя бы одну часть запроса.</translation>
    </message>
    <message>
        <source>A raw fingerprint hashes the body&apos;s bytes as sent: it cannot keep or ignore members.</source>
        <translation>Fingerprint в форме raw хеширует байты тела как есть: он не может учитывать или пропускать отдельные члены.</translation>
    </message>
    <message>
        <source>store down</source>
        <translation>хранилище недоступно</translation>
    </message>
    <message>
        <source>The store is unreachable for 1 s from the send: the request&apos;s store steps fail (store_unavailable, 503)</source>
        <translation>Хранилище недоступно 1 с с момента отправки: шаги хранилища этого запроса завершаются ошибкой (store_unavailable, 503)</translation>
    </message>
    <message>
        <source>late retry</source>
        <translation>поздний retry</translation>
    </message>
    <message>
        <source>The response is lost and the client comes back once, an hour past the record&apos;s TTL: a device offline, a queue restored from backup</source>
        <translation>Ответ теряется, и клиент возвращается один раз, через час после истечения TTL записи: устройство без сети, очередь, восстановленная из резервной копии</translation>
    </message>
    <message>
        <source>slow network</source>
        <translation>медленная сеть</translation>
    </message>
    <message>
        <source>The request and its response take 2 s each way: longer than a 1 s client timeout</source>
        <translation>Запрос и ответ идут по 2 с в каждую сторону: дольше, чем тайм-аут клиента в 1 с</translation>
    </message>
    <message>
        <source>1. Scope</source>
        <translation>1. Scope</translation>
    </message>
    <message>
        <source>2. Canonical payload and fingerprint</source>
        <translation>2. Каноническая нагрузка и fingerprint</translation>
    </message>
    <message>
        <source>3. Uniqueness in the durable store</source>
        <translation>3. Уникальность в надёжном хранилище</translation>
    </message>
    <message>
        <source>4. Completed, in progress, conflict</source>
        <translation>4. Ветки replay, in_progress и конфликт</translation>
    </message>
    <message>
        <source>5. Transaction boundary, stable ID, recovery</source>
        <translation>5. Граница транзакции, стабильный ID, восстановление</translation>
    </message>
    <message>
        <source>6. Retention longer than the retry budget</source>
        <translation>6. Срок хранения дольше бюджета retry</translation>
    </message>
    <message>
        <source>More</source>
        <translation>Другие</translation>
    </message>
    <message>
        <source>Faults (%1)</source>
        <translation>Сбои (%1)</translation>
    </message>
    <message>
        <source>Faults</source>
        <translation>Сбои</translation>
    </message>
    <message>
        <source>The faults for the next fire, as on the Request tab: each ticked one strikes the first attempt of the next fired request, then unticks</source>
        <translation>Сбои для следующей отправки, как на вкладке «Запрос»: каждый отмеченный поражает первую попытку следующего отправленного запроса, затем отметка снимается</translation>
    </message>
</context>
<context>
    <name>iw::ServeController</name>
    <message>
        <source>Not copied: the payload is not valid JSON.</source>
        <translation>Не скопировано: нагрузка не является корректным JSON.</translation>
    </message>
    <message>
        <source>Stopped serving.</source>
        <translation>Обслуживание остановлено.</translation>
    </message>
    <message>
        <source>Serve over &amp;HTTP…</source>
        <translation>Обслуживать по &amp;HTTP…</translation>
    </message>
    <message>
        <source>Let real HTTP clients (curl, a browser, an SDK) talk to this scenario&apos;s service, beside its simulated clients; their requests appear on the timeline</source>
        <translation>Дать настоящим HTTP-клиентам (curl, браузер, SDK) обращаться к сервису этого сценария наряду с его моделируемыми клиентами; их запросы появляются на временной шкале</translation>
    </message>
    <message>
        <source>Stop ser&amp;ving</source>
        <translation>Остановить о&amp;бслуживание</translation>
    </message>
    <message>
        <source>Stop accepting connections; requests in flight get their answers first</source>
        <translation>Прекратить приём подключений; запросы, которые уже в пути, сначала получат ответы</translation>
    </message>
    <message>
        <source>&amp;Jump ahead…</source>
        <translation>Перевести &amp;часы вперёд…</translation>
    </message>
    <message>
        <source>Move the service clock forward (as POST /_workbench/clock), so leases and TTLs expire without waiting</source>
        <translation>Перевести часы сервиса вперёд (как POST /_workbench/clock), чтобы аренда и TTL истекли без ожидания</translation>
    </message>
    <message>
        <source>Save &amp;traffic as scenario…</source>
        <translation>Сохранить &amp;трафик как сценарий…</translation>
    </message>
    <message>
        <source>Write the served traffic as a scenario that replays the same decisions and effects (as serve --record)</source>
        <translation>Записать обслуженный трафик как сценарий, который воспроизводит те же решения и эффекты (как serve --record)</translation>
    </message>
    <message>
        <source>Copy as &amp;curl</source>
        <translation>Копировать как &amp;curl</translation>
    </message>
    <message>
        <source>Copy a curl command line that sends this request to the server started with Run → Serve over HTTP</source>
        <translation>Скопировать командную строку curl, которая отправляет этот запрос на сервер, запущенный командой Запуск → Обслуживать по HTTP</translation>
    </message>
    <message>
        <source>Copied: %1</source>
        <translation>Скопировано: %1</translation>
    </message>
    <message>
        <source>“%1” is not an IP address: type one such as 127.0.0.1 or ::1.</source>
        <translation>«%1»&#xa0;— не IP-адрес: введите, например, 127.0.0.1 или ::1.</translation>
    </message>
    <message>
        <source>The port must be a number from 0 to 65535 (0: any free port).</source>
        <translation>Порт должен быть числом от 0 до 65535 (0: любой свободный порт).</translation>
    </message>
    <message>
        <source>Not loopback: anyone who can reach %1 can use the service.</source>
        <translation>Адрес не loopback: пользоваться сервисом может любой, кому доступен %1.</translation>
    </message>
    <message>
        <source>Real requests appear on the timeline as they arrive.</source>
        <translation>Настоящие запросы появляются на временной шкале по мере поступления.</translation>
    </message>
    <message>
        <source>Serve over HTTP</source>
        <translation>Обслуживать по HTTP</translation>
    </message>
    <message>
        <source>Real clients send HTTP requests to this scenario&apos;s service (its policy and faults), beside the simulated clients. The clock runs at 1× while serving.</source>
        <translation>Настоящие клиенты отправляют HTTP-запросы сервису этого сценария (с его политикой и сбоями) наряду с моделируемыми клиентами. Во время обслуживания часы идут со скоростью 1×.</translation>
    </message>
    <message>
        <source>The address to listen on: 127.0.0.1 (this machine only) unless you mean otherwise</source>
        <translation>Адрес, на котором принимать подключения: 127.0.0.1 (только этот компьютер), если не нужно иное</translation>
    </message>
    <message>
        <source>The TCP port; 0 picks any free one</source>
        <translation>TCP-порт; 0&#xa0;— любой свободный</translation>
    </message>
    <message>
        <source>Bind &amp;address:</source>
        <translation>&amp;Адрес привязки:</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>&amp;Порт:</translation>
    </message>
    <message>
        <source>&amp;Serve</source>
        <translation>&amp;Обслуживать</translation>
    </message>
    <message>
        <source>Jump ahead</source>
        <translation>Перевести часы вперёд</translation>
    </message>
    <message>
        <source>Move the service clock forward by (seconds); work due meanwhile completes first:</source>
        <translation>На сколько секунд перевести часы сервиса вперёд (работа, запланированная на это время, сначала завершится):</translation>
    </message>
    <message>
        <source>Jumped ahead to t = %1.</source>
        <translation>Часы переведены вперёд: t = %1.</translation>
    </message>
    <message>
        <source>Save traffic as scenario</source>
        <translation>Сохранить трафик как сценарий</translation>
    </message>
    <message>
        <source>Scenario JSON (*.json)</source>
        <translation>JSON сценария (*.json)</translation>
    </message>
    <message>
        <source>Save traffic</source>
        <translation>Сохранение трафика</translation>
    </message>
    <message>
        <source>Saved the served traffic to %1: run it to replay the same decisions.</source>
        <translation>Обслуженный трафик сохранён в %1: запустите его, чтобы воспроизвести те же решения.</translation>
    </message>
</context>
<context>
    <name>iw::ServeSession</name>
    <message>
        <source>Stopped serving %1: the run it served was replaced (another scenario, a policy edit or a store switch); serve again to go on.</source>
        <translation>Обслуживание %1 остановлено: прогон, который оно обслуживало, заменён (другой сценарий, изменение политики или смена хранилища); чтобы продолжить, запустите обслуживание снова.</translation>
    </message>
    <message>
        <source>Already serving at %1.</source>
        <translation>Обслуживание уже идёт на %1.</translation>
    </message>
    <message>
        <source>The run is busy with the store; try again in a moment.</source>
        <translation>Прогон занят работой с хранилищем; повторите попытку чуть позже.</translation>
    </message>
    <message>
        <source>Port %1 is already in use on %2: choose another port, or 0 for any free one.</source>
        <translation>Порт %1 на %2 уже занят: выберите другой порт или 0 для любого свободного.</translation>
    </message>
    <message>
        <source>%1 is not an address of this machine: choose 127.0.0.1 or one of its own addresses.</source>
        <translation>%1&#xa0;— не адрес этого компьютера: выберите 127.0.0.1 или один из его собственных адресов.</translation>
    </message>
    <message>
        <source>Listening on %1 is not allowed (ports below 1024 need privileges): choose a port from 1024 on.</source>
        <translation>Слушать %1 не разрешено (для портов ниже 1024 нужны привилегии): выберите порт от 1024 и выше.</translation>
    </message>
    <message>
        <source>Cannot listen on %1: %2.</source>
        <translation>Не удалось начать прослушивание %1: %2.</translation>
    </message>
    <message>
        <source>stopping %1 · %2</source>
        <translation>остановка %1 · %2</translation>
    </message>
    <message>
        <source>serving %1 · %2</source>
        <translation>обслуживание %1 · %2</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>Не удалось записать %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln запрос</numerusform>
            <numerusform>%Ln запроса</numerusform>
            <numerusform>%Ln запросов</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::StatusFields</name>
    <message>
        <source>Whether virtual time is running</source>
        <translation>Идёт ли виртуальное время</translation>
    </message>
    <message>
        <source>The virtual clock: time since the scenario started</source>
        <translation>Виртуальные часы: время с начала сценария</translation>
    </message>
    <message>
        <source>Virtual time per wall-clock second</source>
        <translation>Сколько виртуального времени проходит за секунду реального</translation>
    </message>
    <message>
        <source>Where the idempotency records live</source>
        <translation>Где хранятся записи идемпотентности</translation>
    </message>
    <message>
        <source>The database connection, when the store is PostgreSQL</source>
        <translation>Подключение к базе данных, когда хранилище&#xa0;— PostgreSQL</translation>
    </message>
    <message>
        <source>Real HTTP clients served beside the simulated ones (Run → Serve over HTTP)</source>
        <translation>Настоящие HTTP-клиенты, обслуживаемые наряду с моделируемыми (Запуск → Обслуживать по HTTP)</translation>
    </message>
    <message>
        <source>▶ clock running on, no events left</source>
        <translation>▶ часы идут, событий больше нет</translation>
    </message>
    <message>
        <source>▶ playing</source>
        <translation>▶ выполняется</translation>
    </message>
    <message>
        <source>■ idle</source>
        <translation>■ ожидание</translation>
    </message>
    <message>
        <source>■ finished</source>
        <translation>■ завершено</translation>
    </message>
    <message>
        <source>❚❚ paused</source>
        <translation>❚❚ пауза</translation>
    </message>
    <message>
        <source>▶ serving at 1×</source>
        <translation>▶ обслуживание, 1×</translation>
    </message>
    <message>
        <source>t = %1</source>
        <translation>t = %1</translation>
    </message>
</context>
<context>
    <name>iw::StoreSwitch</name>
    <message>
        <source>&amp;Memory</source>
        <translation>В &amp;памяти</translation>
    </message>
    <message>
        <source>Keep idempotency records in the embedded store: no database needed</source>
        <translation>Хранить записи идемпотентности во встроенном хранилище: база данных не нужна</translation>
    </message>
    <message>
        <source>&amp;PostgreSQL…</source>
        <translation>&amp;PostgreSQL…</translation>
    </message>
    <message>
        <source>Run the scenarios against real tables in a PostgreSQL database of yours (its own schema), with the same decisions as the memory store</source>
        <translation>Выполнять сценарии на настоящих таблицах в вашей базе данных PostgreSQL (в отдельной схеме) с теми же решениями, что и в хранилище в памяти</translation>
    </message>
    <message>
        <source>store: %1</source>
        <translation>хранилище: %1</translation>
    </message>
    <message>
        <source>PostgreSQL, schema %1</source>
        <translation>PostgreSQL, схема %1</translation>
    </message>
    <message>
        <source>store: memory</source>
        <translation>хранилище: в памяти</translation>
    </message>
    <message>
        <source>embedded, no database</source>
        <translation>встроенное, без базы данных</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>подключение…</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>подключено</translation>
    </message>
    <message>
        <source>connection lost, reconnecting: %1</source>
        <translation>подключение потеряно, повторное подключение: %1</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>ошибка: %1</translation>
    </message>
    <message>
        <source>(waiting for the database…)</source>
        <translation>(ожидание базы данных…)</translation>
    </message>
    <message>
        <source>Back on the memory store; the scenario reloaded at t = 0.</source>
        <translation>Возврат к хранилищу в памяти; сценарий перезагружен с t = 0.</translation>
    </message>
    <message>
        <source>The store is busy; switch once the database has answered.</source>
        <translation>Хранилище занято; переключитесь, когда база данных ответит.</translation>
    </message>
    <message>
        <source>Could not switch to PostgreSQL: %1. The workbench stays on the %2 store.</source>
        <translation>Не удалось переключиться на PostgreSQL: %1. Остаётся прежнее хранилище: %2.</translation>
    </message>
    <message>
        <source>Now on PostgreSQL (schema %1); the scenario reloaded at t = 0.</source>
        <translation>Теперь используется PostgreSQL (схема %1); сценарий перезагружен с t = 0.</translation>
    </message>
    <message>
        <source>&amp;Redis…</source>
        <translation>&amp;Redis…</translation>
    </message>
    <message>
        <source>Run the scenarios of the Redis store engine against a real Redis server (keys under the workbench&apos;s own prefix), with the same decisions as the embedded Redis model</source>
        <translation>Запускать сценарии движка хранилища Redis на настоящем сервере Redis (ключи под собственным префиксом workbench) с теми же решениями, что и встроенная модель Redis</translation>
    </message>
    <message>
        <source>connecting to %1…</source>
        <translation>подключение к %1…</translation>
    </message>
    <message>
        <source>PostgreSQL</source>
        <translation>PostgreSQL</translation>
    </message>
    <message>
        <source>Could not switch to Redis: %1. The workbench stays on the %2 store.</source>
        <translation>Не удалось переключиться на Redis: %1. Остаётся прежнее хранилище: %2.</translation>
    </message>
    <message>
        <source>Could not switch to Redis: the scenario open runs on the %1 store engine, and a Redis server runs only scenarios of the redis engine; open one (such as the Redis presets) first. The workbench stays on the %2 store.</source>
        <translation>Не удалось переключиться на Redis: открытый сценарий работает на движке хранилища %1, а сервер Redis выполняет только сценарии движка redis; сначала откройте такой (например, готовые сценарии Redis). Остаётся прежнее хранилище: %2.</translation>
    </message>
    <message>
        <source>Redis at %1, prefix %2</source>
        <translation>Redis на %1, префикс %2</translation>
    </message>
    <message>
        <source>Redis</source>
        <translation>Redis</translation>
    </message>
    <message>
        <source>Now on Redis at %1; the scenario reloaded at t = 0.</source>
        <translation>Теперь используется Redis на %1; сценарий перезагружен с t = 0.</translation>
    </message>
    <message>
        <source>M&amp;ySQL…</source>
        <translation>M&amp;ySQL…</translation>
    </message>
    <message>
        <source>Run the scenarios of the MySQL store engine against a real MariaDB or MySQL server (a database of the workbench&apos;s own), with the same decisions as the embedded MySQL model</source>
        <translation>Запускать сценарии движка хранилища MySQL на настоящем сервере MariaDB или MySQL (в собственной базе данных workbench) с теми же решениями, что и встроенная модель MySQL</translation>
    </message>
    <message>
        <source>Could not switch to MySQL: the scenario open runs on the %1 store engine, and a MySQL server runs only scenarios of the mysql engine; open one (such as the MySQL presets) first. The workbench stays on the %2 store.</source>
        <translation>Не удалось переключиться на MySQL: открытый сценарий работает на движке хранилища %1, а сервер MySQL выполняет только сценарии движка mysql; сначала откройте такой (например, готовые сценарии MySQL). Остаётся прежнее хранилище: %2.</translation>
    </message>
    <message>
        <source>Could not switch to MySQL: %1. The workbench stays on the %2 store.</source>
        <translation>Не удалось переключиться на MySQL: %1. Остаётся прежнее хранилище: %2.</translation>
    </message>
    <message>
        <source>MySQL</source>
        <translation>MySQL</translation>
    </message>
    <message>
        <source>Now on %1; the scenario reloaded at t = 0.</source>
        <translation>Теперь используется %1; сценарий перезагружен с t = 0.</translation>
    </message>
</context>
<context>
    <name>iw::StrategyComparison</name>
    <message>
        <source>Compare Strategies</source>
        <translation>Сравнение стратегий</translation>
    </message>
    <message>
        <source>Compare Strategies Side by Side</source>
        <translation>Сравнить стратегии рядом</translation>
    </message>
    <message>
        <source>A second timeline above this one: the same scenario under another strategy, played by the same clock</source>
        <translation>Вторая временная шкала над этой: тот же сценарий при другой стратегии, на тех же часах</translation>
    </message>
    <message>
        <source>Same requests under:</source>
        <translation>Те же запросы при:</translation>
    </message>
    <message>
        <source>The strategy the second timeline runs the scenario&apos;s requests under (requests fired or served by hand are not repeated there)</source>
        <translation>Стратегия, при которой вторая шкала выполняет запросы сценария (запросы, отправленные или обслуженные вручную, там не повторяются)</translation>
    </message>
    <message>
        <source>Cannot run under %1: %2</source>
        <translation>Не удаётся выполнить при %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n effect(s), %2</source>
        <translation>
            <numerusform>%1 · %n эффект, %2</numerusform>
            <numerusform>%1 · %n эффекта, %2</numerusform>
            <numerusform>%1 · %n эффектов, %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n duplicate(s)</source>
        <translation>
            <numerusform>%n дубль</numerusform>
            <numerusform>%n дубля</numerusform>
            <numerusform>%n дублей</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>iw::formatClock</name>
    <message>
        <source>%1 d %2</source>
        <translation>%1&#xa0;д %2</translation>
    </message>
</context>
</TS>

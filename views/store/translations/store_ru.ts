<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru_RU">
<context>
    <name>iw::MysqlStoreDialog</name>
    <message>
        <source>%1, database %2</source>
        <translation>%1, база данных %2</translation>
    </message>
    <message>
        <source>MySQL store</source>
        <translation>Хранилище MySQL</translation>
    </message>
    <message>
        <source>Run the scenarios of the MySQL store engine against a real MariaDB or MySQL server: the claim is the scenario&apos;s INSERT on the table&apos;s primary key, and deadlocks are the server&apos;s own. The workbench keeps its tables in a database it marks as its own and empties them at every run; a database holding other tables is left alone.</source>
        <translation>Запускать сценарии движка хранилища MySQL на настоящем сервере MariaDB или MySQL: захват — это INSERT сценария по первичному ключу таблицы, а deadlock — собственные deadlock сервера. Workbench держит свои таблицы в базе данных, которую помечает своей, и очищает их при каждом запуске; база данных с другими таблицами не трогается.</translation>
    </message>
    <message>
        <source>host=127.0.0.1 port=3306 user=NAME dbname=DATABASE</source>
        <translation>host=127.0.0.1 port=3306 user=ИМЯ dbname=БАЗА</translation>
    </message>
    <message>
        <source>The server and database to write to (a primary: a read-only server is refused), as key=value pairs: host, port, user, dbname, socket, connect_timeout, read_timeout, write_timeout</source>
        <translation>Сервер и база данных для записи (основной сервер: сервер только для чтения отклоняется) в виде пар key=value: host, port, user, dbname, socket, connect_timeout, read_timeout, write_timeout</translation>
    </message>
    <message>
        <source>&amp;Connection:</source>
        <translation>&amp;Подключение:</translation>
    </message>
    <message>
        <source>Used for this session only and never saved</source>
        <translation>Используется только в этом сеансе и никогда не сохраняется</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>П&amp;ароль:</translation>
    </message>
    <message>
        <source>Use &amp;MySQL</source>
        <translation>Использовать &amp;MySQL</translation>
    </message>
    <message>
        <source>Switch the workbench to this server; the current scenario reloads on it</source>
        <translation>Переключить workbench на этот сервер; текущий сценарий перезагрузится на нём</translation>
    </message>
</context>
<context>
    <name>iw::RedisStoreDialog</name>
    <message>
        <source>the key prefix is empty (the store deletes only keys under it)</source>
        <translation>префикс ключей пуст (хранилище удаляет только ключи под ним)</translation>
    </message>
    <message>
        <source>Redis store</source>
        <translation>Хранилище Redis</translation>
    </message>
    <message>
        <source>Run the scenarios of the Redis store engine against a real Redis: the claim is SET NX&apos;s arbitration, each conditional write one script. The workbench writes only keys under its own prefix and empties them at every run; expiries follow the simulation&apos;s clock.</source>
        <translation>Запускать сценарии движка хранилища Redis на настоящем Redis: захват решает SET NX, каждая условная запись — один скрипт. Workbench пишет только ключи под своим префиксом и очищает их при каждом запуске; сроки идут по часам симуляции.</translation>
    </message>
    <message>
        <source>redis://[user:password@]host:port/db  or  unix:///path?db=0</source>
        <translation>redis://[user:password@]host:port/db  или  unix:///path?db=0</translation>
    </message>
    <message>
        <source>The Redis server to write to (a primary: a replica refuses writes). A password typed here is used for this session only and never saved.</source>
        <translation>Сервер Redis для записи (основной: реплика отказывает в записи). Введённый здесь пароль используется только в этом сеансе и никогда не сохраняется.</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>The workbench&apos;s keys live under this prefix; a prefix holding keys the workbench did not mark as its own is left alone</source>
        <translation>Ключи workbench живут под этим префиксом; префикс с ключами, которые workbench не пометил своими, не трогается</translation>
    </message>
    <message>
        <source>Key &amp;prefix:</source>
        <translation>&amp;Префикс ключей:</translation>
    </message>
    <message>
        <source>Use &amp;Redis</source>
        <translation>Использовать &amp;Redis</translation>
    </message>
    <message>
        <source>Switch the workbench to this server; the current scenario reloads on it</source>
        <translation>Переключить workbench на этот сервер; текущий сценарий перезагрузится на нём</translation>
    </message>
</context>
<context>
    <name>iw::ServerStoreDialog</name>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
</context>
<context>
    <name>iw::StoreDialog</name>
    <message>
        <source>PostgreSQL store</source>
        <translation>Хранилище PostgreSQL</translation>
    </message>
    <message>
        <source>Run the scenarios against real tables: the claim becomes one INSERT … ON CONFLICT DO NOTHING and the database arbitrates. The workbench works only inside its own schema and empties its tables at every run.</source>
        <translation>Выполнять сценарии на настоящих таблицах: захват становится одной командой INSERT … ON CONFLICT DO NOTHING, а спор разрешает база данных. Программа работает только внутри своей схемы и опустошает свои таблицы при каждом прогоне.</translation>
    </message>
    <message>
        <source>host=… dbname=… user=…  or  postgresql://…  (empty: the PG* environment)</source>
        <translation>host=… dbname=… user=…  или  postgresql://…  (пусто: окружение PG*)</translation>
    </message>
    <message>
        <source>A libpq connection string or URI. Empty uses the PG* environment variables, the service file and .pgpass. A password typed here is used for this session only and never saved.</source>
        <translation>Строка подключения libpq или URI. Если пусто, используются переменные окружения PG*, файл сервисов и .pgpass. Введённый здесь пароль используется только в этом сеансе и никогда не сохраняется.</translation>
    </message>
    <message>
        <source>&amp;Connection:</source>
        <translation>&amp;Подключение:</translation>
    </message>
    <message>
        <source>The schema the workbench&apos;s tables live in; created on request, never shared with your own tables</source>
        <translation>Схема, в которой лежат таблицы программы; создаётся по требованию и никогда не смешивается с вашими таблицами</translation>
    </message>
    <message>
        <source>&amp;Schema:</source>
        <translation>&amp;Схема:</translation>
    </message>
    <message>
        <source>Create the schema and its tables when they are &amp;missing</source>
        <translation>Создавать схему и её таблицы, если их &amp;нет</translation>
    </message>
    <message>
        <source>Runs the same installation as the Install schema button before the first run</source>
        <translation>Перед первым прогоном выполняет ту же установку, что и кнопка «Установить схему»</translation>
    </message>
    <message>
        <source>Through a &amp;transaction pooler (pgbouncer pool_mode = transaction)</source>
        <translation>Через пулер &amp;транзакций (pgbouncer pool_mode = transaction)</translation>
    </message>
    <message>
        <source>Every statement is sent unnamed with its parameters, so nothing depends on a prepared statement or a SET outliving its transaction: a transaction pooler may hand the next transaction another server connection</source>
        <translation>Каждая команда отправляется безымянной вместе с параметрами, поэтому ничто не зависит от подготовленного оператора или SET, переживающих свою транзакцию: пулер транзакций может отдать следующую транзакцию другому подключению к серверу</translation>
    </message>
    <message>
        <source>&amp;Install schema</source>
        <translation>&amp;Установить схему</translation>
    </message>
    <message>
        <source>Create the schema and the tables request_idempotency, request_idempotency_tombstone, request_seen and demo_request when missing, and say what was created or found; an existing table of another shape is reported and left unchanged</source>
        <translation>Создать схему и таблицы request_idempotency, request_idempotency_tombstone, request_seen и demo_request, если их нет, и сообщить, что создано или найдено; о существующей таблице другой структуры будет сообщено, и она останется без изменений</translation>
    </message>
    <message>
        <source>Use &amp;PostgreSQL</source>
        <translation>Использовать &amp;PostgreSQL</translation>
    </message>
    <message>
        <source>Switch the workbench to this database; the current scenario reloads on it</source>
        <translation>Переключить программу на эту базу данных; текущий сценарий будет перезагружен на ней</translation>
    </message>
    <message>
        <source>Not installed: %1.</source>
        <translation>Не установлено: %1.</translation>
    </message>
    <message>
        <source>Connecting and installing…</source>
        <translation>Подключение и установка…</translation>
    </message>
    <message>
        <source>PostgreSQL</source>
        <translation>PostgreSQL</translation>
    </message>
    <message>
        <source>Installed: %1.</source>
        <translation>Установлено: %1.</translation>
    </message>
    <message>
        <source>%1.</source>
        <translation>%1.</translation>
    </message>
</context>
<context>
    <name>iw::ThreadedStore</name>
    <message>
        <source>the store could not be opened</source>
        <translation>не удалось открыть хранилище</translation>
    </message>
</context>
</TS>
